<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko">
<context>
    <name>ts::ui::AttentionView</name>
    <message>
        <source>Transformer block whose attention is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention head, or the mean of all heads of the layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows: query token (who looks) · columns: key token (looked at)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a cell to read its weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average of heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head %1: click to show it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average of heads: click to show it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, average of %2 heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All heads of layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ControlsPanel</name>
    <message>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the beginning of a text…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token ids separated by spaces, e.g. 12 7 301</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model folder has no tokenizer: type token ids.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autoregressive loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run one step: predict, sample, feed the token back in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause between steps while running (0–2000 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = always the most likely token; higher = more surprising choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::EmbeddingScatter</name>
    <message>
        <source>No token vectors yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PC1 (%1 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PC2 (%1 %)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::EmbeddingView</name>
    <message>
        <source>Show nearest vocabulary neighbours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For the most recent tokens, the vocabulary entries whose token embedding points the same way (cosine), placed at the same position and drawn lighter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension %1: token %2 + position %3 = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A projection needs at least two different token vectors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First two principal components of %1 input vectors: PC1 explains %2 % of their spread, PC2 %3 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input vector: no token selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input vector of “%1” at position %2 = token embedding + position embedding (%3 numbers)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::EngineWorker</name>
    <message>
        <source>No model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the bundled model or open a model folder first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model folder has no tokenizer (vocab.json + merges.txt or tokenizer.json), so the prompt must be token ids separated by spaces; &quot;%1&quot; is not a number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context is full: the model reads at most %1 tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset, shorten the prompt, or branch from an earlier step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session is unchanged; adjust and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the prompt and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type some text to start from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no prompt yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a prompt, then press Step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a prompt, then press Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reached the maximum number of steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model drew the end-of-text token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no step %1 to branch from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token %1 is outside the vocabulary.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::HeadlessRun</name>
    <message>
        <source>Timed out after %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::HeatmapWidget</name>
    <message>
        <source>No data yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::MainWindow</name>
    <message>
        <source>About Tokenscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Tokenscope&lt;/b&gt; runs a GPT-style model on your computer and shows each stage of next-token prediction: tokenizing, embedding, self-attention, the softmax distribution and sampling — and the autoregressive loop that feeds each chosen token back in.&lt;/p&gt;&lt;p&gt;The model does not know the answer; it computes how likely each next token is, and one is drawn.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder with config.json and model.safetensors (and vocab.json + merges.txt or tokenizer.json for text prompts). The previous model stays loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenscope — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open model folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export current view as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export distribution as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export distribution as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export attention as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export attention as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Tokenscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model loaded with warnings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a model in the toolbar first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What if: branching from step %1 with token %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 parameters · %3 layers × %4 heads · vocabulary %5%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · no tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context %1 / %2 tokens · step %3 of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a step first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export attention</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ModelChooser</name>
    <message>
        <source>Open model folder (config.json + model.safetensors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bundled model (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model folder…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::PipelineBar</name>
    <message>
        <source>1 Tokenizing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 Embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 Self-attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 Softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5 Sampling</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::SamplingView</name>
    <message>
        <source>Run a step: the drawn token is appended to the text and fed back in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: the drawn token (highlighted) is appended to the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input context</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s): embedding, attention, MLP</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>embedding, attention, MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>greedy (temperature 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-k %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drawn: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autoregressive loop: “%1” is appended to the input and step %2 begins</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::SoftmaxView</name>
    <message>
        <source>Run a step to see the probability of every possible next token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 · next-token distribution over %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · top-k %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · top-p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · entropy %2 bits · %3 tokens can be drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawn: %1 — rank %2, probability %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-rendered from stored logits in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-k / top-p cut-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token %1 · probability %2% · after top-k/top-p %3%
Click: what if the model had drawn this token? (branches the session from this step)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::TimelineView</name>
    <message numerus="yes">
        <source>prompt (%n token(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Steps of the loop. Select one to inspect it in every view; click another candidate in the Softmax view to branch from it (&quot;what if&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::TokenView</name>
    <message>
        <source>Position %1 · token id %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt bytes %1–%2 (%3 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Covers part of: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Covers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawn by sampling; the next step feeds it back in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a prompt and press Step: the text is cut into tokens, the units the model reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt: %1 characters · %2 bytes (UTF-8) · %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> → %1 tokens per character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context: %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · dashed chips: a token that splits a character, or the drawn next token</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
