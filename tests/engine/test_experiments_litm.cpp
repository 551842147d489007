// Lost in the middle: the record specification (kv_records.json) and the contexts the
// experiment builds from it, on the bundled model that the specification belongs to.
#include <regex>
#include <set>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

void writeSpec(const ts_test::TempDir& dir, const std::string& numberRange) {
    ts_test::writeBytes(
        dir / "spec.json",
        R"({"record_template": "Code {key} {value}.", "query_template": "Code {key}",)"
        R"( "key_words": ["Alpha", "Bravo"], "values": ["tiger", "river"],)"
        R"( "number_range": )" +
            numberRange + "}");
}

}  // namespace

TEST_CASE("a record specification sets the key numbers and the templates", "[litm]") {
    ts_test::TempDir dir;
    writeSpec(dir, "[10, 99]");
    ts::LitmOptions o;
    ts::applyLitmSpec(o, dir / "spec.json");
    CHECK(o.numberMin == 10);
    CHECK(o.numberMax == 99);
    CHECK(o.recordTemplate == "Code {key} {value}.");
    CHECK(o.queryTemplate == "Code {key}");
    CHECK(o.keyWords == std::vector<std::string>{"Alpha", "Bravo"});
}

TEST_CASE("a malformed number range is refused with its field named", "[litm]") {
    for (const char* bad : {"[10]", "[\"10\", \"99\"]", "[99, 10]", "[-1, 5]", "7", "[1, 2, 3]"}) {
        ts_test::TempDir dir;
        writeSpec(dir, bad);
        ts::LitmOptions o;
        INFO(bad);
        CHECK_THROWS_WITH(ts::applyLitmSpec(o, dir / "spec.json"),
                          ContainsSubstring("number_range"));
    }
}

TEST_CASE("more records than distinct key numbers is refused", "[litm]") {
    ts::LitmOptions o;
    o.numberMin = 10;
    o.numberMax = 19;
    o.records = 10;
    o.positions = 3;
    CHECK_NOTHROW(o.validate());
    o.records = 11;
    CHECK_THROWS_WITH(o.validate(), ContainsSubstring("10 distinct key numbers"));
}

TEST_CASE("each context uses distinct key numbers from the specification's range", "[litm]") {
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmOptions o;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = 24;
    o.positions = 2;
    o.trials = 1;
    const auto r = ts::runLostInTheMiddle(model, *tokenizer, o);
    const std::regex key("-([0-9]+)");
    std::set<int> numbers;
    int count = 0;
    for (auto it = std::sregex_iterator(r.exampleContext.begin(), r.exampleContext.end(), key);
         it != std::sregex_iterator(); ++it, ++count) {
        const int n = std::stoi((*it)[1].str());
        CHECK(n >= o.numberMin);
        CHECK(n <= o.numberMax);
        numbers.insert(n);
    }
    CHECK(count == o.records + 1);  // every record, then the query
    CHECK(static_cast<int>(numbers.size()) == o.records);
}
