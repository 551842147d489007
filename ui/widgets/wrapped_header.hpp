#pragma once
// Table headers whose titles wrap at spaces, and whose height follows the wrapped titles. Qt's
// header keeps one line's height and cuts a title wider than its column: "Nearest entries
// (cosine)" in a 157 px column in presentation mode's font, "Share of byte tokens" beside a
// lesson. The header grows instead, through font, language, width and column changes.
class QTableView;

namespace ts::ui {

// Wraps `table`'s horizontal header titles and keeps the header as tall as its tallest wrapped
// title. Call once; the header is watched for as long as the table lives.
void wrapHeaderTitles(QTableView* table);

}  // namespace ts::ui
