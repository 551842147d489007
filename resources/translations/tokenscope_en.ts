<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
    <name>ts::ui::ClassroomHub</name>
    <message>
        <source>Textbook world (bundled model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hallucination lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost in the middle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence colouring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fact probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Classroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guided &amp;lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Temperature lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hallucination lens: &amp;confidence colouring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hallucination lens: &amp;fact probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost in the &amp;middle lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logit le&amp;ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference c&amp;ost meter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer comparison</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tokeni&amp;zer comparison</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ts::ui::ConfidenceView</name>
    <message>
        <source>Paste or type text to score, e.g. a generated answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score this text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the generated text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a token to see what the model expected there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour = probability the model gave each token given the text before it: green = expected, red = surprising. Fluent is not the same as true: a confidently green wrong fact is a hallucination.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour = rank of each token among all candidates: green = the model&apos;s first choice, red = rank 1000 or worse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour = entropy of the distribution each token was drawn from: green = the model was sure of the next token, red = it was guessing among many.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p = %1, rank %2, entropy %3 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first token has nothing before it to predict it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1”: p = %2, rank %3. The model expected:</source>
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
    <name>ts::ui::CostView</name>
    <message>
        <source>Every token is one full pass through the model: all weights are read once, and attention reads the whole KV cache, which grows with the context. Reasoning models (o1/o3) buy better answers with many hidden tokens of “thinking” — ten times the tokens is at least ten times the cost, and more as the context grows. An agent making dozens of model calls per task is how a $20 subscription can cost $200 to serve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No steps yet: run the model to see what each token costs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session: %1 tokens in %2 calls, %3 ms, %4, %5 of weights read; KV cache now %6 for %7 tokens. About %8 per token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost per token against context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFLOP per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context length (tokens)</source>
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
    <message>
        <source>There is no lesson %1 (there are %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson %1 has %2 steps, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown view &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--select-step %1: the run has %2 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--layer %1: the model has fewer layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--head %1: the model has fewer heads.</source>
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
    <name>ts::ui::LanesView</name>
    <message>
        <source>Prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lanes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperatures:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per lane:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run all lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step all lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every lane continues the same prompt with the same seed; only the temperature differs. Each token&apos;s colour is the probability it was drawn with: green = likely, red = unlikely. Low temperature sharpens the distribution (safe, repetitive); high temperature flattens it (varied, and more often wrong).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model with a tokenizer first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a prompt first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Running %n lane(s)…</source>
        <translation>
            <numerusform>Running %n lane…</numerusform>
            <numerusform>Running %n lanes…</numerusform>
        </translation>
    </message>
    <message>
        <source>p = %1 (at T = 1: %2), entropy %3 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entropy per step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::LessonPanel</name>
    <message>
        <source>◀ Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guided lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With GPT-2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous step (PageUp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step (PageDown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the lesson and put your own prompt and settings back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a lesson…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Choose a lesson above. Each step sets up the app — prompt, view, settings — and says what to look at. Lessons are JSON files in the &lt;i&gt;lessons&lt;/i&gt; folder; teachers can write their own.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::LitmView</name>
    <message>
        <source>Export results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trials per position:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the question before the records too (query-aware)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record template:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each context lists key-value records (“Code Alpha-41 tiger.”) and ends by asking for one key again. The record asked for is moved from the first to the last place; every position is tried with freshly shuffled records. A long context is not the same as a well-used one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-1 accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(correct)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention on record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model with a tokenizer first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 contexts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Liu et al. 2023 (GPT-3.5-Turbo, 20 documents)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position of the answer document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-1 accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(correct value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model (%1 records, about %2 tokens per context)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example context: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use at least two positions to see a curve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the probability of the right value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model does not retrieve the values at all (top-1 accuracy below 5 %, P(correct) below 2 % everywhere): there is no position effect to see. Try fewer records or a trained model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A U-shape, as Liu et al. found: %1 is higher when the record is first (%2 %) or last (%3 %) than in the middle (%4 %). Information in the middle of a long context is used least.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recency rather than a U: %1 rises towards the end (first %2 %, last %3 %). This model mostly uses the records just before the question — small models often show this instead of the U that large models show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Primacy: %1 is highest for the first record (%2 %) and falls towards the end (%3 %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roughly flat: %1 is about the same at every position (first %2 %, last %3 %). With this many trials the differences are within the intervals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position of the record asked for (shaded: 95 % interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model guesses: it gives the right value about the same probability as any other value (P(correct) ≈ %1 %, chance %2 %), so it has not learned to look the record up and there is no position effect in its answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where it looks is not flat, though: attention from the question onto the record grows from %1 % (first) to %2 % (last) — a recency bias.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::LogitLensView</name>
    <message>
        <source>Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability of the top token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entropy (bits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each row stops the model after one more layer and asks: what would it predict now? (residual → final norm → output projection). Each cell shows the top token; dark = confident. Read a column from top to bottom to see where the prediction forms. One column per step of the loop; click a column for details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p(top token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate a few tokens: each step adds a column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position %1: the final prediction “%2” is already the top token from %3 on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampled: “%1”.</source>
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
        <source>Export current view as &amp;PNG or SVG…</source>
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
        <source>PNG image (*.png);;SVG vector image (*.svg)</source>
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
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop loading this model; the previous one stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson ended: your prompt and settings are back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What if: branching from step %1 with “%2” instead of “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context %1 / %2 tokens</source>
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
    <name>ts::ui::ProbesView</name>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>False answers (| separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model&apos;s own next token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open probe set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe sets (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save probe set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model with a tokenizer first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(true) = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(false) = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a false answer wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n probe(s). Press “Run probes”.</source>
        <translation>
            <numerusform>%n probe. Press “Run probes”.</numerusform>
            <numerusform>%n probes. Press “Run probes”.</numerusform>
        </translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: true answer wins %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On held-out facts the model still puts on average %1 % on its own top answer — an answer it cannot know: a hallucination.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(true) / P(best false), log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each prompt has one true and several false continuations. Green bar: the probability of the true one; red bar: the most probable false one (log scale: each tenth of the bar is a factor of 10). The model never looks anything up — for facts it did not see in training (held-out) it still answers, often just as confidently. Cells are editable; save the set as JSON.</source>
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
        <source>Autoregressive loop: “%1” is appended to the input and step %2 begins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” marks the end of the text: the loop stops here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From scores to probabilities: logits → divided by the temperature → softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit ÷ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature 0: the largest wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability (softmax)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · cut by top-k/top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The draw: temperature 0 takes the most likely token, no random number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The draw: a random number u between 0 and 1 lands in the cumulative probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drawn at temperature %1</source>
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
        <source> · seed %1 · tokens in vocabulary order, width = probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawn: “%1” (the most likely token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen by hand (what if): “%1”; u = %2 had landed on “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u = %1 lands on “%2”, which holds %3 of the bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the slider&apos;s settings the same u would pick “%1”.</source>
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
    <message>
        <source>Click a bar: what if the model had drawn that token? The session branches from this step.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::TimelineView</name>
    <message numerus="yes">
        <source>prompt (%n token(s))</source>
        <translation>
            <numerusform>prompt (%n token)</numerusform>
            <numerusform>prompt (%n tokens)</numerusform>
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
<context>
    <name>ts::ui::TokenizerCompareView</name>
    <message>
        <source>The same text through different tokenizers. A model reads, pays for and generates tokens, not characters: the more tokens a language needs, the more time and money the same sentence costs, and the less of it fits in the context.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add tokenizer file…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add tokenizer folder…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Type or paste text to compare</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tokenizer comparison</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>At most %1 tokenizers fit side by side; remove one first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not load the tokenizer %1:
%2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tokenizers (tokenizer.json vocab.json);;JSON files (*.json)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose a model or tokenizer folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove this tokenizer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot encode this text: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 per character</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1× the fewest</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
</context>
</TS>
