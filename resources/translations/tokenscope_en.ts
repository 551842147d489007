<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>WordSets</name>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="36"/>
        <source>Textbook atlas: countries and capitals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="37"/>
        <source>countries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="37"/>
        <source>capitals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="50"/>
        <source>Numbers and colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="50"/>
        <source>numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="50"/>
        <source>colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="55"/>
        <source>People and animals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="55"/>
        <source>people</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="55"/>
        <source>animals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="66"/>
        <source>Your words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="76"/>
        <source>group %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::AgentCostCalculator</name>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="80"/>
        <source>Per call $%1 · per task $%2 · per month $%3 for %4 tokens: %5× the $%6 subscription.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="90"/>
        <source>What an agent costs: many calls per task, each with a long prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="91"/>
        <source>Prompt tokens per call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="91"/>
        <source>Answer tokens per call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="91"/>
        <source>Calls per task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="92"/>
        <source>Tasks per month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="92"/>
        <source>$ per million input tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="93"/>
        <source>$ per million output tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="93"/>
        <source>Subscription $ per month</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::AttentionView</name>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="37"/>
        <source>Transformer block whose attention is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="38"/>
        <source>Attention head, or the mean of all heads of the layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="425"/>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="426"/>
        <source>Head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="60"/>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="91"/>
        <location filename="../../ui/stages/attention_view.cpp" line="624"/>
        <source>Click a cell to read its weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="111"/>
        <location filename="../../ui/stages/attention_view.cpp" line="628"/>
        <source>%1 → %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="113"/>
        <location filename="../../ui/stages/attention_view.cpp" line="630"/>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="114"/>
        <source>outside the sliding window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="114"/>
        <source> · local, window %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="114"/>
        <source> · global</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="253"/>
        <location filename="../../ui/stages/attention_view.cpp" line="431"/>
        <source>Layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="245"/>
        <source>Head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="246"/>
        <source>Head %1 · KV group %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="256"/>
        <location filename="../../ui/stages/attention_view.cpp" line="433"/>
        <source>Average of heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="271"/>
        <location filename="../../ui/stages/attention_view.cpp" line="610"/>
        <source>H%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="271"/>
        <location filename="../../ui/stages/attention_view.cpp" line="608"/>
        <source>avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="272"/>
        <source>Head %1: click to show it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="273"/>
        <source>Average of heads: click to show it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="427"/>
        <source>Rows: query token (who looks) · columns: key token (looked at) · hatched: masked, a token cannot look ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="478"/>
        <source>Layer %1, average of %2 heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="481"/>
        <source>Layer %1, head %2 · KV group %3 of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="486"/>
        <source>Layer %1, head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="595"/>
        <source>All heads of layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="597"/>
        <source>Grouped-query attention: every %1 query heads share one of %2 key/value heads (g1 … g%2 under each head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="609"/>
        <source>H%1 · g%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="616"/>
        <source>“%1” (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="1"/>
        <source>Head %1: click to show it, right-click to silence it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>prev</source>
        <comment>head kind badge: attends to the previous token</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>first</source>
        <comment>head kind badge: attends to the first token</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>copy</source>
        <comment>head kind badge: copy/induction head</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>✕ %1</source>
        <comment>a silenced head&apos;s thumbnail</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>Right-click a head to silence it (✕: silenced).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>[prev] previous token · [first] first token · [copy] copy/induction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>Give layer %1 head %2 back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>Silence layer %1 head %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ClassroomHub</name>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="69"/>
        <source>Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="69"/>
        <source>Temperature lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="70"/>
        <source>Hallucination lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="70"/>
        <source>Lost in the middle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="71"/>
        <source>Logit lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="71"/>
        <source>Inference cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="72"/>
        <source>Precision comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="107"/>
        <source>Confidence colouring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="108"/>
        <source>Fact probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="110"/>
        <source>&amp;Classroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="112"/>
        <source>Guided &amp;lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="113"/>
        <source>&amp;Temperature lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="114"/>
        <source>Hallucination lens: &amp;confidence colouring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="115"/>
        <source>Hallucination lens: &amp;fact probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="116"/>
        <source>Lost in the &amp;middle lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="117"/>
        <source>Logit le&amp;ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="118"/>
        <source>Inference c&amp;ost meter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="120"/>
        <source>&amp;Precision comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="72"/>
        <source>Tokenizer comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="119"/>
        <source>Tokeni&amp;zer comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two prompts: patc&amp;hing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Steering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steering</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ClassroomToolView</name>
    <message>
        <location filename="../../ui/classroom/classroom_tool_view.cpp" line="30"/>
        <source>Load a model with a tokenizer first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ConfidenceView</name>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="132"/>
        <source>Paste or type text to score, e.g. a generated answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="133"/>
        <source>Score this text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="134"/>
        <source>Use the generated text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="135"/>
        <source>Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="136"/>
        <source>probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="137"/>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="138"/>
        <source>entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="140"/>
        <location filename="../../ui/classroom/confidence_view.cpp" line="250"/>
        <source>Click a token to see what the model expected there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="146"/>
        <source>Colour = probability the model gave each token given the text before it: green = expected, red = surprising. Fluent is not the same as true: a confidently green wrong fact is a hallucination.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="150"/>
        <source>Colour = rank of each token among all candidates: green = the model&apos;s first choice, red = rank 1000 or worse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="153"/>
        <source>Colour = entropy of the distribution each token was drawn from: green = the model was sure of the next token, red = it was guessing among many.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="207"/>
        <source>Scoring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="261"/>
        <source>p = %1, rank %2, entropy %3 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="276"/>
        <source>The first token has nothing before it to predict it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="279"/>
        <source>“%1”: p = %2, rank %3. The model expected:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ControlsPanel</name>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="258"/>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="259"/>
        <source>The user&apos;s message…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="260"/>
        <source>Type the beginning of a text…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="261"/>
        <source>Token ids separated by spaces, e.g. 12 7 301</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="262"/>
        <source>Chat (system and user message)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="265"/>
        <source>Writes the messages in this model&apos;s chat format (%1), with its special tokens, and the model answers as the assistant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="267"/>
        <source>Instruct models need their chat format; this model has none that Tokenscope can write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="271"/>
        <source>System message (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="272"/>
        <source>System message (empty: “%1”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="275"/>
        <source>No chat format: type the raw prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="276"/>
        <source>No chat format (%1): type the raw prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="278"/>
        <source>This model folder has no tokenizer: type token ids.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="279"/>
        <source>Autoregressive loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="280"/>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="281"/>
        <source>Run one step: predict, sample, feed the token back in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="304"/>
        <location filename="../../ui/shell/controls_panel.cpp" line="309"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="304"/>
        <location filename="../../ui/shell/controls_panel.cpp" line="309"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="283"/>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="284"/>
        <source>Delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="285"/>
        <source>Pause between steps while running (0–2000 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="286"/>
        <source>Max steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="287"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="288"/>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="289"/>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="290"/>
        <source>0 = always the most likely token; higher = more surprising choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="291"/>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="292"/>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="293"/>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="294"/>
        <source>Colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="295"/>
        <source>classic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="296"/>
        <source>viridis (colour-blind safe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="297"/>
        <source>cividis (colour-blind safe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="298"/>
        <source>Colour map of the heatmaps and the confidence colouring</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::CostView</name>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="140"/>
        <source>Every token is one full pass through the model: all weights are read once, and attention reads the whole KV cache, which grows with the context. Reasoning models (o1/o3) buy better answers with many hidden tokens of “thinking” — ten times the tokens is at least ten times the cost, and more as the context grows. An agent making dozens of model calls per task is how a $20 subscription can cost $200 to serve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="235"/>
        <source>No steps yet: run the model to see what each token costs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="237"/>
        <source>Session: %1 tokens in %2 calls, %3 ms, %4, %5 of weights read; KV cache now %6 for %7 tokens. About %8 per token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="302"/>
        <source>Cost per token against context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="303"/>
        <source>MFLOP per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="304"/>
        <source>ms per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="355"/>
        <source>prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="336"/>
        <source>context length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Wall
time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="148"/>
        <source>Weights
read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="148"/>
        <source>KV
cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="286"/>
        <source>Steady speed: step a few tokens to measure it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="289"/>
        <source>Steady speed: median %1 ms per token over the last decode steps (up to %2), against the estimate of %3 and %4 of weights read per token.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::EmbeddingScatter</name>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="160"/>
        <source>No token vectors yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="173"/>
        <source>PC1 (%1 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="179"/>
        <source>PC2 (%1 %)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::EmbeddingView</name>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="571"/>
        <source>This model has no position vectors: its input vector is the token embedding alone. Position enters inside attention: every pair of numbers in each query and key is turned by an angle that grows with the token&apos;s position (RoPE, rope_theta = %1). A query and a key then score by how far apart their tokens are, not by where they stand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="594"/>
        <source>fast pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="595"/>
        <source>slow pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="625"/>
        <source>%1 rad per position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="800"/>
        <source>Show nearest vocabulary neighbours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="802"/>
        <source>For the most recent tokens, the vocabulary entries whose token embedding points the same way (cosine), placed at the same position and drawn lighter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="643"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="753"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="791"/>
        <source>token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="643"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="753"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="791"/>
        <source>position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="643"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="753"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="791"/>
        <source>sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="644"/>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="668"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="793"/>
        <source>cosine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="732"/>
        <source>dimension %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="737"/>
        <source>dimension %1: token %2 + position %3 = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1110"/>
        <source>A projection needs at least two different token vectors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1112"/>
        <source>First two principal components of %1 input vectors: PC1 explains %2 % of their spread, PC2 %3 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1153"/>
        <source>Cosine similarity (the newest %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1153"/>
        <source>Cosine similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1164"/>
        <source>Input vector: no token selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1175"/>
        <source>Input vector of “%1” at position %2 = its token embedding (%3 numbers); no position vector is added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1191"/>
        <source>Input vector of “%1” at position %2 = token embedding + position embedding (%3 numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1215"/>
        <source>This context&apos;s input vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1216"/>
        <source>Word map: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1217"/>
        <source>Word map: your words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1218"/>
        <source>A word map places a chosen set of words by their token embeddings, in the plane of their own two principal components: words of one kind should lie close together. The context&apos;s tokens are placed in the same plane.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1221"/>
        <source>Words separated by commas; groups by semicolons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1270"/>
        <source>The word map needs a model with its tokenizer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1287"/>
        <source>A word map needs at least two different words.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1328"/>
        <source>Placing the words…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1329"/>
        <source>No word map: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1351"/>
        <source>Word map of %1 words: their token embeddings (a word of several tokens: their mean), in the plane of their first two principal components (PC1 %2 %, PC2 %3 %). Round dots: this context&apos;s tokens placed in the same plane.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1361"/>
        <source>Word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1361"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1361"/>
        <source>Nearest entries (cosine)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="80"/>
        <source>No model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="81"/>
        <source>Choose the bundled model or open a model folder first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="163"/>
        <source>The context is full: the model reads at most %1 tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="119"/>
        <source>Edit the prompt and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="97"/>
        <source>The session is unchanged; reset, shorten the prompt or branch from an earlier step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="131"/>
        <location filename="../../ui/shell/engine_worker.cpp" line="140"/>
        <source>There is no prompt yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="131"/>
        <source>Type a prompt, then press Step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="140"/>
        <source>Type a prompt, then press Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="155"/>
        <location filename="../../ui/shell/engine_worker.cpp" line="173"/>
        <source>Reached the maximum number of steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="159"/>
        <source>The model drew the end-of-text token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="262"/>
        <source>Open a transcript written by this model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/core/engine_worker.cpp" line="1"/>
        <source>Restore the silenced heads and banned tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silencing heads needs the model&apos;s internals, which a model server does not expose: load a local model for it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::GetModelDialog</name>
    <message>
        <source>Mi:dm 2.0 Mini Instruct (KT, 2.3B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended for Korean: a Korea-centric chat model under an open licence (Llama design, head_dim 128)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXAONE 4.0 1.2B (LG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXAONE AI Model License 1.1 – NC: non-commercial use only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Korean and English; its norms sit after attention and the MLP, not before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXAONE 4.0 1.2B, GGUF Q4_K_M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same model as one GGUF file: a fraction of the size, nearly the same answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXAONE 3.5 2.4B Instruct (LG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong Korean for its size; a Llama-shaped model under other tensor names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXAONE 3.5 2.4B Instruct, GGUF Q4_K_M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 0.5B Text Instruct (NAVER)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED Model License (NAVER's own terms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAVER's smallest Korean chat model: fast enough to step through live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 0.5B, GGUF Q4_K_M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 1.5B Text Instruct (NAVER)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The larger SEED: better Korean answers, three times the memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 1.5B, GGUF Q4_K_M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kanana 1.5 2.1B Instruct (Kakao)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kakao's terms: Apache-2.0 as published for Kanana 1.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kakao's bilingual model; variants that need remote code are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma 3 270M Instruct (Google)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma Terms of Use (accept them on the hub first; then set HF_TOKEN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The smallest real multilingual model; its sliding-window layers show as a band in the attention view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma 3 270M Instruct, GGUF Q8_0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma 3 1B Instruct (Google)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Better answers than the 270M, in Korean too; 26 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma 3 1B Instruct, GGUF Q4_K_M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ %1 — recommended for Korean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="43"/>
        <source>GPT-2 (124M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="45"/>
        <source>The classic of 2019: clear induction heads in the attention view, English only (Korean costs several tokens a syllable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="49"/>
        <source>SmolLM2 135M Instruct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="51"/>
        <source>A small modern chat model (Llama design): follows instructions, fast enough to step through live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="55"/>
        <source>Qwen2.5 0.5B Instruct (Korean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="57"/>
        <source>Reads and writes Korean: compare its tokens for 한국어 with GPT-2&apos;s; hallucination and lost-in-the-middle on a real chat model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="61"/>
        <source>SmolLM2 135M Instruct, GGUF Q8_0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="63"/>
        <source>The same model quantised to 8 bits: half the size, nearly the same answers — a lesson on precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="89"/>
        <source>SHA-256 matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="90"/>
        <source>size, git hash and commit match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="201"/>
        <source>“%1” is not a hub model id. Write it as ORG/NAME, for example openai-community/gpt2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="209"/>
        <source>Asking the hub for the file list of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="217"/>
        <source>Downloading %1 (file %2 of %3)
%4 of %5 · %6/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="225"/>
        <source>Waiting: another download of %1 is running (another Tokenscope window, tokenscope-cli or the Hugging Face tools). It continues when that one ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="233"/>
        <source>%1 is downloaded and verified; loading it now.
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="241"/>
        <source>Cancelled. What arrived is kept: downloading %1 again continues where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="244"/>
        <source>The download of %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="247"/>
        <source>Download failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="268"/>
        <source>Get a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="269"/>
        <source>Download a model from the Hugging Face hub into its cache, where the hub&apos;s own tools find it too. Only what Tokenscope loads is fetched (config, safetensors weights, tokenizer), and every file is checked against the hash the hub lists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Good for in class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="282"/>
        <source>Hub id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="285"/>
        <source>From %1 into %2 (HF_ENDPOINT, HF_HUB_CACHE, HF_TOKEN and HTTPS_PROXY are honoured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="288"/>
        <source>&amp;Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="289"/>
        <source>&amp;Cancel download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="290"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="292"/>
        <source>Choose a model or type any hub id, then Download.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::HeadlessRun</name>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="79"/>
        <source>Timed out after %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="101"/>
        <source>--model none needs --open-transcript FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="122"/>
        <source>There is no lesson %1 (there are %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="127"/>
        <source>Lesson %1 has %2 steps, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="136"/>
        <source>This model has no chat format that Tokenscope can write: use --prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="195"/>
        <source>Unknown view &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="205"/>
        <source>--select-step %1: the run has %2 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="214"/>
        <source>--layer %1: the model has fewer layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="221"/>
        <source>--head %1: the model has fewer heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="229"/>
        <source>--word-map &apos;%1&apos;: no words.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::HeatmapWidget</name>
    <message>
        <location filename="../../ui/widgets/heatmap_widget.cpp" line="699"/>
        <source>No data yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/widgets/heatmap_widget.cpp" line="763"/>
        <source>zoomed: rows %1–%2, columns %3–%4 of %5 · double-click: all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::LanesView</name>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="95"/>
        <source>Prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="96"/>
        <source>Lanes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="97"/>
        <source>Temperatures:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="98"/>
        <source>Tokens per lane:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="99"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="100"/>
        <source>Continue past end of text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="101"/>
        <source>Keep drawing after the model&apos;s end-of-text token (what follows is whatever the training data put after a document&apos;s end).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="103"/>
        <source>Run all lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="104"/>
        <source>Step all lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="105"/>
        <source>Every lane continues the same prompt with the same seed; only the temperature differs. Each token&apos;s colour is the probability it was drawn with (key below). Low temperature sharpens the distribution (safe, repetitive); high temperature flattens it (varied, and more often wrong). A lane ends where the model draws its end-of-text token (framed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="110"/>
        <source>Probability the token was drawn with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="112"/>
        <source>T = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="114"/>
        <source>end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="168"/>
        <source>Type a prompt first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/lanes_view.cpp" line="180"/>
        <source>Running %n lane(s)…</source>
        <translation>
            <numerusform>Running %n lane…</numerusform>
            <numerusform>Running %n lanes…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="254"/>
        <source>p = %1 (at T = 1: %2), entropy %3 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="114"/>
        <source>bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="114"/>
        <source>entropy per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/lanes_view.cpp" line="302"/>
        <source>Stopped at end of text after %n token(s).</source>
        <translation>
            <numerusform>Stopped at end of text after %n token.</numerusform>
            <numerusform>Stopped at end of text after %n tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/lanes_view.cpp" line="303"/>
        <source>%n token(s); no end of text yet.</source>
        <translation>
            <numerusform>%n token; no end of text yet.</numerusform>
            <numerusform>%n tokens; no end of text yet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::LessonPanel</name>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="62"/>
        <source>◀ Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="63"/>
        <source>Set up again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="64"/>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="170"/>
        <source>Guided lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="190"/>
        <source>Prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="193"/>
        <source>With GPT-2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="195"/>
        <source>Step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="65"/>
        <source>End lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="66"/>
        <source>Previous step (PageUp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="67"/>
        <source>Next step (PageDown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="68"/>
        <source>Close the lesson and put your own prompt and settings back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="161"/>
        <source>Choose a lesson…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="171"/>
        <source>&lt;p&gt;Choose a lesson above. Each step sets up the app — prompt, view, settings — and says what to look at. Lessons are JSON files in the &lt;i&gt;lessons&lt;/i&gt; folder; teachers can write their own.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::LitmView</name>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="175"/>
        <source>Export results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="176"/>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="180"/>
        <source>Run the lost-in-the-middle lab?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="187"/>
        <source>Records:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="188"/>
        <source>Positions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="191"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="194"/>
        <source>Record template:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="195"/>
        <source>Run experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="196"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="200"/>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="213"/>
        <source>Position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="213"/>
        <source>Top-1 accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="213"/>
        <source>P(correct)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="214"/>
        <source>Mean rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="214"/>
        <source>Attention on record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="221"/>
        <source>position of the record asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="225"/>
        <source>This model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="408"/>
        <location filename="../../ui/classroom/litm_view.cpp" line="437"/>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="417"/>
        <source>Running %1 contexts (estimated %2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="432"/>
        <source>Done in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="445"/>
        <source>Running: %1 % done, %2 left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="483"/>
        <source>Open results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="484"/>
        <source>Lost-in-the-middle results (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="488"/>
        <source>Cannot open results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="489"/>
        <source>%1

The results on screen are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="493"/>
        <source>Save results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="494"/>
        <source>Lost-in-the-middle results (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="497"/>
        <source>Cannot save results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="611"/>
        <source>%1&lt;br&gt;about %2 tokens · shaded: 95 % interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="612"/>
        <source>asked record&apos;s position (of %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="566"/>
        <source>accuracy (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="216"/>
        <source>top-1 accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="189"/>
        <source>Contexts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="190"/>
        <source>Contexts of freshly drawn records; each is read once and asked about every position.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="192"/>
        <source>Ask first (query-aware)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="193"/>
        <source>State the question before the records too, so the model knows what to look for while reading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="197"/>
        <source>Open results…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="198"/>
        <source>Show results saved earlier (for example a sweep of a large model prepared at home).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="199"/>
        <source>Save results…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="201"/>
        <source>Each context lists key-value records (“Code Alpha-41 tiger.”) and ends by asking for one key again: the model reads it once and is asked about each position in turn, with fresh records in every context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="215"/>
        <source>Contexts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="217"/>
        <source>P(correct value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="290"/>
        <source>The bundled model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="292"/>
        <source>Load a model to measure it, or open results saved earlier.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="297"/>
        <source>No lost-in-the-middle measurements come with %1. Run the lab: it first times the model on this computer and says how long the run will take before it starts. Results can be saved and shown later without the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="376"/>
        <source>Timing %1 on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="384"/>
        <source>%1 records take %2 tokens, more than the model&apos;s context of %3: use fewer records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="393"/>
        <source>%1 contexts of about %2 tokens, each read once and asked %3 questions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="397"/>
        <source>This run on %1 will take %2 on this computer (measured just now).
%3

The window stays usable and you can cancel at any time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="401"/>
        <source>Not started (estimated %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="549"/>
        <source>Liu et al. 2023&lt;br&gt;(GPT-3.5-Turbo, 20 documents)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="567"/>
        <source>answer position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="605"/>
        <source>Bundled model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="606"/>
        <source>Unnamed model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="608"/>
        <source>%1, measured now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="609"/>
        <source>%1, from its evaluation data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="610"/>
        <source>%1, from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="628"/>
        <source>Example context: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="18"/>
        <source>Use at least two positions to see a curve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="48"/>
        <source>accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="48"/>
        <source>the probability of the right value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="50"/>
        <source>This model does not retrieve the values at all (top-1 accuracy below 5 %, P(correct) below 2 % everywhere): there is no position effect to see. Try fewer records or a trained model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="60"/>
        <source>A U-shape, as Liu et al. found: %1 is higher when the record is first (%2 %) or last (%3 %) than in the middle (%4 %). Information in the middle of a long context is used least.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="64"/>
        <source>Recency rather than a U: %1 rises towards the end (first %2 %, last %3 %). This model mostly uses the records just before the question — small models often show this instead of the U that large models show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="68"/>
        <source>Primacy: %1 is highest for the first record (%2 %) and falls towards the end (%3 %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="70"/>
        <source>Roughly flat: %1 is about the same at every position (first %2 %, last %3 %). With this many trials the differences are within the intervals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="83"/>
        <source>%1 records, about %2 tokens, %3 contexts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="91"/>
        <source>%1 finds the record at every position it was asked about (top-1 accuracy %2 % at positions %3–%4; %5). It shows no lost-in-the-middle effect: to see one, load a real model such as Qwen2.5-0.5B and run the lab — it tells you how long the run will take before it starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="100"/>
        <source>From the evaluation data of %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="104"/>
        <source>To see the U, load a real model such as Qwen2.5-0.5B and run the lab — it tells you how long the run will take before it starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="110"/>
        <source>under a second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="111"/>
        <source>about %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="112"/>
        <source>about %1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="113"/>
        <source>about %1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="23"/>
        <source>This model guesses: it gives the right value about the same probability as any other value (P(correct) ≈ %1 %, chance %2 %), so it has not learned to look the record up and there is no position effect in its answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="29"/>
        <source>Where it looks is not flat, though: attention from the question onto the record grows from %1 % (first) to %2 % (last) — a recency bias.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::LogitLensView</name>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="97"/>
        <source>Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="98"/>
        <source>probability of the top token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="99"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="106"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="165"/>
        <source>entropy (bits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="100"/>
        <source>Each row stops the model after one more layer and asks: what would it predict now? (residual → final norm → output projection). Each cell shows the top token; dark = confident. Read a column from top to bottom to see where the prediction forms. One column per step of the loop; click a column for details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="104"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="120"/>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="104"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="121"/>
        <source>Top token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="104"/>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="106"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="165"/>
        <source>p(top token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="120"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="194"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="225"/>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="194"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="220"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="225"/>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="207"/>
        <source>Generate a few tokens: each step adds a column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="217"/>
        <source>Position %1: the final prediction “%2” is already the top token from %3 on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="220"/>
        <source>the embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="221"/>
        <source>Sampled: “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::MainWindow</name>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="242"/>
        <source>About Tokenscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="243"/>
        <source>&lt;p&gt;&lt;b&gt;Tokenscope&lt;/b&gt; runs a GPT-style model on your computer and shows each stage of next-token prediction: tokenizing, embedding, self-attention, the softmax distribution and sampling — and the autoregressive loop that feeds each chosen token back in.&lt;/p&gt;&lt;p&gt;The model does not know the answer; it computes how likely each next token is, and one is drawn.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="335"/>
        <source>Could not open the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="336"/>
        <source>Choose a folder with config.json and model.safetensors (and vocab.json + merges.txt or tokenizer.json for text prompts). The previous model stays loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="353"/>
        <location filename="../../ui/shell/main_window.cpp" line="358"/>
        <location filename="../../ui/shell/main_window.cpp" line="554"/>
        <location filename="../../ui/shell/main_window.cpp" line="572"/>
        <source>Tokenscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="358"/>
        <source>Tokenscope — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="359"/>
        <source>Controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="360"/>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="365"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="366"/>
        <source>&amp;Open model folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="367"/>
        <source>Open model &amp;file (GGUF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="368"/>
        <source>Open &amp;transcript…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="369"/>
        <source>&amp;Save transcript…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="370"/>
        <source>Continue past end of text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="371"/>
        <source>Keep generating after the model draws its end-of-text token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="372"/>
        <source>Export current view as &amp;PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="373"/>
        <source>Export distribution as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="374"/>
        <source>Export distribution as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="375"/>
        <source>Export attention as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="376"/>
        <source>Export attention as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="377"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="378"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="379"/>
        <source>&amp;Presentation mode (larger text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="380"/>
        <source>Enlarge all text for a projector; press F5 again to go back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="382"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="383"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="384"/>
        <source>&amp;About Tokenscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="496"/>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="533"/>
        <source>Model loaded with warnings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="554"/>
        <location filename="../../ui/shell/main_window.cpp" line="572"/>
        <source>No model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="554"/>
        <location filename="../../ui/shell/main_window.cpp" line="572"/>
        <source>Choose a model in the toolbar first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="803"/>
        <source>Loading model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="803"/>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="808"/>
        <source>%1 · %2 parameters · %3 layers × %4 heads · vocabulary %5%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="814"/>
        <source> · no tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="821"/>
        <source>Context %1 / %2 tokens · step %3 of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/shell/main_window.cpp" line="828"/>
        <source>%n oldest step(s) keep only a summary (history memory budget)</source>
        <translation>
            <numerusform>%n oldest step keeps only a summary (history memory budget)</numerusform>
            <numerusform>%n oldest steps keep only a summary (history memory budget)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="833"/>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="834"/>
        <source>PNG image (*.png);;SVG vector image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="882"/>
        <source>There are no steps to export yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="923"/>
        <source>Transcript made with another model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="960"/>
        <source>%1 (%2, %3 layers, vocabulary %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="966"/>
        <source>the model it was made with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="969"/>
        <source>Transcript “%1”, shown as recorded: no model is loaded, so there is no attention, distribution or embedding to show, only the tokens and their recorded probabilities. Load %2 to continue it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="974"/>
        <source>Transcript “%1”, shown as recorded: it was made with %2, but the loaded model is %3, which would give other numbers. Load %2 to continue it, or press Step to run its prompt with the loaded model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="900"/>
        <source>Could not open the transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="188"/>
        <location filename="../../ui/shell/main_window.cpp" line="837"/>
        <location filename="../../ui/shell/main_window.cpp" line="854"/>
        <location filename="../../ui/shell/main_window.cpp" line="869"/>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="179"/>
        <source>Open transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="180"/>
        <location filename="../../ui/shell/main_window.cpp" line="185"/>
        <source>Transcript (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="185"/>
        <source>Save transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="837"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="842"/>
        <location filename="../../ui/shell/main_window.cpp" line="859"/>
        <source>Nothing to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="842"/>
        <location filename="../../ui/shell/main_window.cpp" line="859"/>
        <source>Run a step first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="846"/>
        <source>Export distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="847"/>
        <location filename="../../ui/shell/main_window.cpp" line="864"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="847"/>
        <location filename="../../ui/shell/main_window.cpp" line="864"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="863"/>
        <source>Export attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="363"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="364"/>
        <source>Stop loading this model; the previous one stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="289"/>
        <source>Lesson ended: your prompt and settings are back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="362"/>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="697"/>
        <source>What if: branching from step %1 with “%2” instead of “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="820"/>
        <source>Context %1 / %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window_interventions.cpp" line="1"/>
        <source>Running again with the same seed and steps: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the address (http://HOST:PORT) and that the server is running. The model loaded before stays loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole distribution per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top %1 per step + the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 at %3 · vocabulary %4 · context %5 · %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server: %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary size from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer: the server&apos;s own (/tokenize)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer: none (type token ids)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring a prompt: one request (prompt logprobs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring a prompt: one request per position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not exposed by a server: attention, embeddings, hidden states</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ModelChooser</name>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="75"/>
        <source>Open model folder (config.json + model.safetensors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="90"/>
        <source>Open model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="92"/>
        <source>GGUF model (*.gguf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="134"/>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="137"/>
        <source>Bundled model (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="174"/>
        <source>Get a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="175"/>
        <source>Open model folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="176"/>
        <source>Open model file (GGUF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a server…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ModelMenu</name>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="196"/>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="197"/>
        <source>&amp;Get a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="198"/>
        <source>&amp;Open model folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="199"/>
        <source>Open model &amp;file (GGUF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="201"/>
        <source>Hugging Face cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="210"/>
        <source>(none found in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a &amp;server…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::PipelineBar</name>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="29"/>
        <source>1 Tokenizing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="30"/>
        <source>2 Embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="31"/>
        <source>3 Self-attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="32"/>
        <source>4 Softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="33"/>
        <source>5 Sampling</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::PrecisionView</name>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="210"/>
        <source>Add model files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="211"/>
        <source>GGUF model (*.gguf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="218"/>
        <source>Add a model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="231"/>
        <source>(no model loaded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="232"/>
        <source>%1 (loaded, the reference)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="244"/>
        <source>Add the same model in another precision first (Add file… or Add folder…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="255"/>
        <source>Type a prompt first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/precision_view.cpp" line="265"/>
        <source>Loading %n model(s) and comparing…</source>
        <translation>
            <numerusform>Loading %n model and comparing…</numerusform>
            <numerusform>Loading %n models and comparing…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="309"/>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="309"/>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="312"/>
        <source>Δ</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/precision_view.cpp" line="335"/>
        <source>&lt;b&gt;Free-running:&lt;/b&gt; all precisions write the same %n token(s).</source>
        <translation>
            <numerusform>&lt;b&gt;Free-running:&lt;/b&gt; all precisions write the same token.</numerusform>
            <numerusform>&lt;b&gt;Free-running:&lt;/b&gt; all precisions write the same %n tokens.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="337"/>
        <source>&lt;b&gt;Free-running:&lt;/b&gt; the texts part at generated token %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="383"/>
        <source>token position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="407"/>
        <source>bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="407"/>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="441"/>
        <source>%1 · %2 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="420"/>
        <source>What each precision saves: the loaded model&apos;s weights.&lt;br&gt;Compare to see what it costs, token by token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="430"/>
        <source>stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="433"/>
        <source>saved against F32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="466"/>
        <source>MB, %1 M weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="475"/>
        <source>The same model in several precisions. The loaded model continues the prompt; every precision scores exactly those tokens, so the difference per token is what precision costs. Then each writes on its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="478"/>
        <source>Precisions to compare:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="479"/>
        <source>Add file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="480"/>
        <source>A GGUF file of the same model (Q8_0, Q4_K_M, F16, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="481"/>
        <source>Add folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="482"/>
        <source>A Hugging Face folder of the same model in another dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="483"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="484"/>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="485"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="486"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="487"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>Stored as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>MB/token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>Perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="489"/>
        <source>Largest Δp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="489"/>
        <source>Same top-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="491"/>
        <source>&lt;b&gt;How each format stores a weight&lt;/b&gt;&lt;br&gt;&lt;b&gt;F32&lt;/b&gt;: 32 bits: a sign, 8 bits of exponent, 23 of fraction.&lt;br&gt;&lt;b&gt;F16&lt;/b&gt;: 16 bits: a sign, 5 of exponent, 10 of fraction (&lt;b&gt;BF16&lt;/b&gt;: 8 and 7).&lt;br&gt;&lt;b&gt;Q8_0&lt;/b&gt;: blocks of 32 weights, each an 8-bit integer, and one F16 scale for the block: (32 × 8 + 16) / 32 = 8.5 bits a weight.&lt;br&gt;&lt;b&gt;Q4_0&lt;/b&gt;: the same with 4-bit integers: (32 × 4 + 16) / 32 = 4.5 bits a weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="497"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="498"/>
        <source>probability of each token (all score the same text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="499"/>
        <source>KL divergence from the reference (bits)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ProbesView</name>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="238"/>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="239"/>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="240"/>
        <source>Add probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="241"/>
        <source>Run probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="242"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="243"/>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="243"/>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="243"/>
        <source>True</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="244"/>
        <source>False (| between)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="244"/>
        <source>Model&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="245"/>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="245"/>
        <source>P(true) green, P(best false) red</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="246"/>
        <source>Each prompt has one true and several false continuations. Green bar: the probability of the true one; red bar: the most probable false one, on a log axis (each tick is a factor of 100). The model never looks anything up — for facts it did not see in training (held-out) it still answers, often just as confidently. Cells are editable; save the set as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="251"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="255"/>
        <source>All probes, held-out first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="255"/>
        <source>Held-out only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="255"/>
        <source>Confident inventions only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>Probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>True beats false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="258"/>
        <source>Top-1 accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="258"/>
        <source>Mean confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="258"/>
        <source>Confident inventions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="260"/>
        <source>The model&apos;s own answer is not the true one, and it gives that answer at least %1 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="270"/>
        <source>Textbook world (bundled model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="307"/>
        <source>Open probe set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="308"/>
        <location filename="../../ui/classroom/probes_view.cpp" line="322"/>
        <source>Probe sets (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="321"/>
        <source>Save probe set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="410"/>
        <source>P(true) = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="411"/>
        <source>P(false) = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="418"/>
        <source>The model&apos;s own answer: its greedy continuation up to the end of the word, past function words such as “a” or “in”; %1 is the probability of the whole answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="423"/>
        <source>true wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="423"/>
        <source>false wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="547"/>
        <source>Korean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="547"/>
        <source>English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="577"/>
        <source>held-out (never seen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="578"/>
        <source>seen in training</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/probes_view.cpp" line="654"/>
        <source>%n probe(s). Press “Run probes”.</source>
        <translation>
            <numerusform>%n probe. Press “Run probes”.</numerusform>
            <numerusform>%n probes. Press “Run probes”.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="666"/>
        <source>The true answer beats every false one in %1 of %2 probes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="667"/>
        <source>On held-out facts, which the model never saw, its own answer is right %1 of %2 times, yet it puts on average %3 % on it; %4 of them are confident inventions (%5 % or more on a wrong answer). That is a hallucination.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::SamplingView</name>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="206"/>
        <source>Run a step: the drawn token is appended to the text and fed back in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="233"/>
        <source>Step %1: the drawn token (highlighted) is appended to the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="195"/>
        <source>Autoregressive loop: “%1” is appended to the input and step %2 begins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="179"/>
        <source>“%1” marks the end of the text: the loop stops here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="181"/>
        <source>The context is full (%1 tokens): “%2” cannot be read, and the loop stops here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="186"/>
        <source>Autoregressive loop: “%1” was appended to the input and step %2 began</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="192"/>
        <source>Autoregressive loop: “%1” is appended to the input; Step or Run begins step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="302"/>
        <source>From scores to probabilities: logits → divided by the temperature → softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="367"/>
        <source>logits → ÷ temperature → softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="305"/>
        <source>logit ÷ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="306"/>
        <source>temperature 0: the largest wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="307"/>
        <source>logit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="309"/>
        <source>probability (softmax)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="356"/>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="370"/>
        <source>%1 · cut by top-k/top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="407"/>
        <source>The draw: temperature 0 takes the most likely token, no random number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="408"/>
        <source>The draw: a random number u between 0 and 1 lands in the cumulative probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="412"/>
        <source>drawn at temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="413"/>
        <source> · top-k %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="414"/>
        <source> · top-p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="415"/>
        <source> · seed %1 · tokens in vocabulary order, width = probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="489"/>
        <source>Drawn: “%1” (the most likely token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="491"/>
        <source>Chosen by hand (what if): “%1”; u = %2 had landed on “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="497"/>
        <source>u = %1 lands on “%2”, which holds %3 of the bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="506"/>
        <source>With the slider&apos;s settings the same u would pick “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::SoftmaxView</name>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="133"/>
        <source>Run a step to see the probability of every possible next token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="145"/>
        <source>Step %1 · next-token distribution over %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="149"/>
        <source>temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="150"/>
        <source> · top-k %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="151"/>
        <source> · top-p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="153"/>
        <source>%1 · entropy %2 bits · %3 tokens can be drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="159"/>
        <source>Drawn: %1 — rank %2, probability %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="164"/>
        <source>re-rendered from stored logits in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="203"/>
        <source>candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="228"/>
        <source>log scale: each line is ten times less likely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="228"/>
        <source>log scale, at temperature 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="243"/>
        <source>cumulative, at temperature 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="243"/>
        <source>cumulative: what top-p cuts at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="297"/>
        <source>top-k / top-p cut-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="316"/>
        <source>Token %1 · probability %2% · after top-k/top-p %3%
Click: what if the model had drawn this token? (branches the session from this step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="287"/>
        <source>Click a bar: what if the model had drawn that token? The session branches from this step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="1"/>
        <source>Ban “%1” from this step on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="1"/>
        <source>Raise “%1” (logit +2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="1"/>
        <source>Lower “%1” (logit −2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) under 0.01 % each hold %1 % of the draw together: why a rare token sometimes comes up.</source>
        <translation>
            <numerusform>%n token under 0.01 % holds %1 % of the draw: why a rare token sometimes comes up.</numerusform>
            <numerusform>%n tokens under 0.01 % each hold %1 % of the draw together: why a rare token sometimes comes up.</numerusform>
        </translation>
    </message>
    <message>
        <source>rest of the vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top %1 from the server; the other %2 tokens, not itemised, hold %3 % together (striped bar).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That share is exact at temperature 1, approximate at others; sampling never draws from it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::TimelineView</name>
    <message numerus="yes">
        <location filename="../../ui/shell/timeline_view.cpp" line="61"/>
        <source>prompt (%n token(s))</source>
        <translation>
            <numerusform>prompt (%n token)</numerusform>
            <numerusform>prompt (%n tokens)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="66"/>
        <source>chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="78"/>
        <source>summary only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="79"/>
        <source>from file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="127"/>
        <source>Steps of the loop. Select one to inspect it in every view; click another candidate in the Softmax view to branch from it (&quot;what if&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::TokenView</name>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="244"/>
        <source>Position %1 · token id %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="246"/>
        <source>Prompt bytes %1–%2 (%3 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="250"/>
        <source>Covers part of: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="251"/>
        <source>Covers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="254"/>
        <source>Drawn by sampling; the next step feeds it back in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="256"/>
        <source>Generated by the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="273"/>
        <source>Each card: the token, its id, and its bytes in UTF-8 (hexadecimal; the bytes of one character together).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="574"/>
        <source>Type a prompt and press Step: the text is cut into tokens, the units the model reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="575"/>
        <source>Prompt: %1 characters · %2 bytes (UTF-8) · %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="580"/>
        <source> → %1 tokens per character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="583"/>
        <source>Context: %1 of %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="584"/>
        <source>Context: %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="585"/>
        <source> · dashed chips: a token that splits a character, or the drawn next token</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::TokenizerCompareView</name>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the Korean paragraph with every tokenizer on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per syllable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Byte tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of byte tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokenscope (bundled model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not included (no tokenizer file on this computer): %1. Download the model with Model → Get a model… to add it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Korean paragraph: every tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One fixed Korean paragraph through every tokenizer on this computer: tokens per syllable and how many tokens are only bytes of a character</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n Hangul syllable(s) in the paragraph.</source>
        <translation>
            <numerusform>%n Hangul syllable in the paragraph.</numerusform>
            <numerusform>%n Hangul syllables in the paragraph.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="186"/>
        <source>The same text through different tokenizers. A model reads, pays for and generates tokens, not characters: the more tokens a language needs, the more time and money the same sentence costs, and the less of it fits in the context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="190"/>
        <source>Add tokenizer file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="191"/>
        <source>Add tokenizer folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="192"/>
        <source>Type or paste text to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="216"/>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="254"/>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="270"/>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="278"/>
        <source>Tokenizer comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="271"/>
        <source>At most %1 tokenizers fit side by side; remove one first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="276"/>
        <source>Could not load the tokenizer %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="285"/>
        <source>Choose a tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="286"/>
        <source>Tokenizers (tokenizer.json vocab.json);;JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="291"/>
        <source>Choose a model or tokenizer folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="360"/>
        <source>Remove this tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="363"/>
        <source>Cannot encode this text: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="369"/>
        <source>%1 per character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="372"/>
        <source>%1× the fewest</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="368"/>
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::InterventionBanner</name>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>layer %1 head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Silenced (mean output): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Silenced: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Banned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Logit bias: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Steered at block %1, strength %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>every stage shows this what-if run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Give every head and token back and run again with the same seed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::FactRemedyPanel</name>
    <message numerus="yes">
        <source>Running %n probe(s) with and without the fact…</source>
        <translation>
            <numerusform>Running %n probe with and without the fact…</numerusform>
            <numerusform>Running %n probes with and without the fact…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::GuessView</name>
    <message numerus="yes">
        <source>%n guess(es): %1</source>
        <translation>
            <numerusform>%n guess: %1</numerusform>
            <numerusform>%n guesses: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n guess(es) named the model&apos;s top token “%2”.</source>
        <translation>
            <numerusform>%1 of %n guess named the model&apos;s top token “%2”.</numerusform>
            <numerusform>%1 of %n guesses named the model&apos;s top token “%2”.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens: only the first is scored (this step predicts one token)</source>
        <translation>
            <numerusform>%n token: only the first is scored (this step predicts one token)</numerusform>
            <numerusform>%n tokens: only the first is scored (this step predicts one token)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The draw: the random number %1 landed on “%2” (%3); %4 of %n guess(es) named it.</source>
        <translation>
            <numerusform>The draw: the random number %1 landed on “%2” (%3); %4 of %n guess named it.</numerusform>
            <numerusform>The draw: the random number %1 landed on “%2” (%3); %4 of %n guesses named it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::PatchView</name>
    <message>
        <source>Type both prompts first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clean prompt is %1 tokens and the corrupted one %2: patching compares them position by position, so they need the same number of tokens. Change a word for one of the same token count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patching every block at every position…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupted prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s sentence with Sujin, and a copy with another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token the clean prompt should lead to (by default its top token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token the corrupted prompt leads to instead (by default its top token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare and patch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patching: share of logit(%1) − logit(%2) restored, per block and position</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>logit(answer) − logit(wrong): clean %1, corrupted %2 · %n forward pass(es), %3 full-pass equivalents</source>
        <translation>
            <numerusform>logit(answer) − logit(wrong): clean %1, corrupted %2 · %n forward pass, %3 full-pass equivalents</numerusform>
            <numerusform>logit(answer) − logit(wrong): clean %1, corrupted %2 · %n forward passes, %3 full-pass equivalents</numerusform>
        </translation>
    </message>
    <message>
        <source>Patching: share of logit(answer) − logit(wrong) restored, per block and position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Compare and patch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean prompt → next token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupted prompt → next token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer, head:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention, clean minus corrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Red: the clean prompt&apos;s query looks at that key more; blue: less. The head whose attention differs most is shown first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clean − corrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block %1, position %2: %3 % restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query %1, key %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each patched run starts again at its block from the corrupted run&apos;s cache, so most runs cost less than a whole forward pass.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::SteerView</name>
    <message numerus="yes">
        <source>The model has %n block(s); steer at one of them.</source>
        <translation>
            <numerusform>The model has %n block; steer at one of them.</numerusform>
            <numerusform>The model has %n blocks; steer at one of them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Type a prompt and both steering words first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continuing the prompt at every strength…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example pair:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Towards:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The positive prompt: its mean residual stream is added.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Away from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The negative prompt: its mean residual stream is subtracted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The block whose incoming residual stream is steered (from 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strength:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default (no steering)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steered, strength %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same seed at each strength: negative steers away from the first word, positive towards it. Far from 0 the text stops making sense.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit(%1) − logit(%2) at the next token, by strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit(towards) − logit(away from) at the next token, by strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit difference</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ConnectServerDialog</name>
    <message>
        <source>Connect to a model server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the views on a model served by llama.cpp&apos;s llama-server, vLLM or SGLang. Tokenscope sends token ids, gets each next-token distribution and draws the token itself; a server does not expose attention, embeddings or hidden states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model name (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s only model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key variable (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name of an environment variable holding the key, never the key itself. It is sent to this server only and never saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top tokens per step:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: the whole distribution where the server gives it. With a number K, the rest of the vocabulary is one bar in the softmax view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the server&apos;s address, for example http://127.0.0.1:8080.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary size (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as the server says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only for a server that does not say it (vLLM without its tokenizer-info endpoint, SGLang): vocab_size in the model&apos;s config.json.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::ui::ServerNotice</name>
    <message>
        <source>A model server does not expose its attention weights, so this view has nothing to show for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model server does not expose its embedding vectors, so this view has nothing to show for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model server does not expose its hidden states (the residual stream), so this tool cannot run on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool runs the model on sessions of its own, which the app does only with a local model (tokenscope-cli runs several of them with --server).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a local model instead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
