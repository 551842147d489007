<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko">
<context>
    <name>WordSets</name>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="36"/>
        <source>Textbook atlas: countries and capitals</source>
        <translation>교과서 지도: 나라와 수도</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="37"/>
        <source>countries</source>
        <translation>나라</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="37"/>
        <source>capitals</source>
        <translation>수도</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="50"/>
        <source>Numbers and colours</source>
        <translation>수와 색깔</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="50"/>
        <source>numbers</source>
        <translation>수</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="50"/>
        <source>colours</source>
        <translation>색깔</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="55"/>
        <source>People and animals</source>
        <translation>사람과 동물</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="55"/>
        <source>people</source>
        <translation>사람</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="55"/>
        <source>animals</source>
        <translation>동물</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="66"/>
        <source>Your words</source>
        <translation>직접 입력한 단어</translation>
    </message>
    <message>
        <location filename="../../ui/stages/word_sets.cpp" line="76"/>
        <source>group %1</source>
        <translation>묶음 %1</translation>
    </message>
</context>
<context>
    <name>ts::ui::AgentCostCalculator</name>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="80"/>
        <source>Per call $%1 · per task $%2 · per month $%3 for %4 tokens: %5× the $%6 subscription.</source>
        <translation>호출당 $%1 · 작업당 $%2 · 한 달 $%3 (토큰 %4개): 월 구독료 $%6의 %5배.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="90"/>
        <source>What an agent costs: many calls per task, each with a long prompt</source>
        <translation>에이전트의 비용: 작업 하나에 호출 여러 번, 호출마다 긴 프롬프트</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="91"/>
        <source>Prompt tokens per call</source>
        <translation>호출당 프롬프트 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="91"/>
        <source>Answer tokens per call</source>
        <translation>호출당 답변 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="91"/>
        <source>Calls per task</source>
        <translation>작업당 호출 수</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="92"/>
        <source>Tasks per month</source>
        <translation>한 달 작업 수</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="92"/>
        <source>$ per million input tokens</source>
        <translation>입력 토큰 100만 개당 $</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="93"/>
        <source>$ per million output tokens</source>
        <translation>출력 토큰 100만 개당 $</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/agent_cost_calculator.cpp" line="93"/>
        <source>Subscription $ per month</source>
        <translation>월 구독료 $</translation>
    </message>
    <message>
        <source>Per call %1 · per task %2 · per month %3 for %4 tokens: %5× the %6 subscription.</source>
        <translation>호출당 %1 · 작업당 %2 · 월 %3(토큰 %4개): 구독료 %6의 %5배입니다.</translation>
    </message>
    <message>
        <source>₩ per $ (exchange rate)</source>
        <translation>1달러당 원(환율)</translation>
    </message>
</context>
<context>
    <name>ts::ui::AttentionView</name>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="37"/>
        <source>Transformer block whose attention is shown</source>
        <translation>어텐션을 보여 줄 트랜스포머 블록</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="38"/>
        <source>Attention head, or the mean of all heads of the layer</source>
        <translation>어텐션 헤드, 또는 그 층 모든 헤드의 평균</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="425"/>
        <source>Layer</source>
        <translation>층</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="426"/>
        <source>Head</source>
        <translation>헤드</translation>
    </message>
    <message>
        <source>Rows: query token (who looks) · columns: key token (looked at)</source>
        <translation type="vanished">행: 쿼리 토큰(바라보는 쪽) · 열: 키 토큰(바라보이는 쪽)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="60"/>
        <source>weight</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="91"/>
        <location filename="../../ui/stages/attention_view.cpp" line="624"/>
        <source>Click a cell to read its weight.</source>
        <translation>칸을 클릭하면 가중치를 읽을 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="111"/>
        <location filename="../../ui/stages/attention_view.cpp" line="628"/>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2: %3</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="113"/>
        <location filename="../../ui/stages/attention_view.cpp" line="630"/>
        <source>not recorded</source>
        <translation>기록 없음</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="114"/>
        <source>outside the sliding window</source>
        <translation>슬라이딩 윈도 밖</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="114"/>
        <source> · local, window %1</source>
        <translation> · 로컬, 윈도 %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="114"/>
        <source> · global</source>
        <translation> · 글로벌</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="253"/>
        <location filename="../../ui/stages/attention_view.cpp" line="431"/>
        <source>Layer %1</source>
        <translation>%1층</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="245"/>
        <source>Head %1</source>
        <translation>헤드 %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="246"/>
        <source>Head %1 · KV group %2 of %3</source>
        <translation>헤드 %1 · KV 그룹 %2/%3</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="256"/>
        <location filename="../../ui/stages/attention_view.cpp" line="433"/>
        <source>Average of heads</source>
        <translation>헤드 평균</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="271"/>
        <location filename="../../ui/stages/attention_view.cpp" line="610"/>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="271"/>
        <location filename="../../ui/stages/attention_view.cpp" line="608"/>
        <source>avg</source>
        <translation>평균</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="272"/>
        <source>Head %1: click to show it</source>
        <translation>헤드 %1: 클릭하면 크게 봅니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="273"/>
        <source>Average of heads: click to show it</source>
        <translation>헤드 평균: 클릭하면 크게 봅니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="427"/>
        <source>Rows: query token (who looks) · columns: key token (looked at) · hatched: masked, a token cannot look ahead</source>
        <translation>행: 쿼리 토큰(바라보는 쪽) · 열: 키 토큰(바라보이는 쪽) · 빗금: 가려진 칸(토큰은 뒤에 올 토큰을 볼 수 없음)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="478"/>
        <source>Layer %1, average of %2 heads</source>
        <translation>%1층, 헤드 %2개의 평균</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="481"/>
        <source>Layer %1, head %2 · KV group %3 of %4</source>
        <translation>%1층, 헤드 %2 · KV 그룹 %3/%4</translation>
    </message>
    <message>
        <source>Layer %1, head %2 · reads key/value group %3 of %4 (heads %5–%6 share it)</source>
        <translation type="vanished">%1층, 헤드 %2 · 키/값 그룹 %3/%4를 읽음 (헤드 %5–%6이 함께 씀)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="486"/>
        <source>Layer %1, head %2</source>
        <translation>%1층, 헤드 %2</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="595"/>
        <source>All heads of layer %1</source>
        <translation>%1층의 모든 헤드</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="597"/>
        <source>Grouped-query attention: every %1 query heads share one of %2 key/value heads (g1 … g%2 under each head)</source>
        <translation>그룹 쿼리 어텐션(GQA): 쿼리 헤드 %1개마다 키/값 헤드 %2개 중 하나를 함께 씀 (각 헤드 아래 g1 … g%2)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="609"/>
        <source>H%1 · g%2</source>
        <translation>H%1 · g%2</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="616"/>
        <source>“%1” (%2)</source>
        <translation>“%1” (%2)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view.cpp" line="1"/>
        <source>Head %1: click to show it, right-click to silence it</source>
        <translation>헤드 %1: 클릭하면 크게 보이고, 오른쪽 클릭하면 끌 수 있습니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>prev</source>
        <comment>head kind badge: attends to the previous token</comment>
        <translation>앞</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>first</source>
        <comment>head kind badge: attends to the first token</comment>
        <translation>첫</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>copy</source>
        <comment>head kind badge: copy/induction head</comment>
        <translation>복사</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>✕ %1</source>
        <comment>a silenced head&apos;s thumbnail</comment>
        <translation>✕ %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>Right-click a head to silence it (✕: silenced).</source>
        <translation>헤드를 오른쪽 클릭하면 끌 수 있습니다 (✕: 꺼진 헤드).</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>[prev] previous token · [first] first token · [copy] copy/induction</source>
        <translation>[앞] 바로 앞 토큰 · [첫] 첫 토큰 · [복사] 복사(induction)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>Give layer %1 head %2 back</source>
        <translation>%1층 헤드 %2 되살리기</translation>
    </message>
    <message>
        <location filename="../../ui/stages/attention_view_heads.cpp" line="1"/>
        <source>Silence layer %1 head %2</source>
        <translation>%1층 헤드 %2 끄기</translation>
    </message>
</context>
<context>
    <name>ts::ui::ClassroomHub</name>
    <message>
        <source>&amp;Guess first, then reveal</source>
        <translation>먼저 맞히고 공개하기(&amp;G)</translation>
    </message>
    <message>
        <source>Guess the next token</source>
        <translation>다음 토큰 맞히기</translation>
    </message>
    <message>
        <source>Textbook world (bundled model)</source>
        <translation type="vanished">교과서 세계 (기본 모델)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="69"/>
        <source>Lessons</source>
        <translation>수업</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="69"/>
        <source>Temperature lanes</source>
        <translation>온도 비교 레인</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="70"/>
        <source>Hallucination lens</source>
        <translation>환각 렌즈</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="70"/>
        <source>Lost in the middle</source>
        <translation>Lost in the Middle</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="71"/>
        <source>Logit lens</source>
        <translation>로짓 렌즈</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="71"/>
        <source>Inference cost</source>
        <translation>추론 비용</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="72"/>
        <source>Precision comparison</source>
        <translation>정밀도 비교</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="107"/>
        <source>Confidence colouring</source>
        <translation>확신도 색칠</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="108"/>
        <source>Fact probes</source>
        <translation>사실 검사</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="110"/>
        <source>&amp;Classroom</source>
        <translation>교실(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="112"/>
        <source>Guided &amp;lessons</source>
        <translation>안내 수업(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="113"/>
        <source>&amp;Temperature lanes</source>
        <translation>온도 비교 레인(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="114"/>
        <source>Hallucination lens: &amp;confidence colouring</source>
        <translation>환각 렌즈: 확신도 색칠(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="115"/>
        <source>Hallucination lens: &amp;fact probes</source>
        <translation>환각 렌즈: 사실 검사(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="116"/>
        <source>Lost in the &amp;middle lab</source>
        <translation>Lost in the Middle 실험(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="117"/>
        <source>Logit le&amp;ns</source>
        <translation>로짓 렌즈(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="118"/>
        <source>Inference c&amp;ost meter</source>
        <translation>추론 비용 측정(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="120"/>
        <source>&amp;Precision comparison</source>
        <translation>정밀도 비교(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="72"/>
        <source>Tokenizer comparison</source>
        <translation>토크나이저 비교</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/hub.cpp" line="119"/>
        <source>Tokeni&amp;zer comparison</source>
        <translation>토크나이저 비교(&amp;Z)</translation>
    </message>
    <message>
        <source>Compare two prompts: patc&amp;hing</source>
        <translation>두 프롬프트 비교: 패칭(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Steering</source>
        <translation>조종(&amp;S)</translation>
    </message>
    <message>
        <source>Compare two prompts</source>
        <translation>두 프롬프트 비교</translation>
    </message>
    <message>
        <source>Steering</source>
        <translation>조종</translation>
    </message>
</context>
<context>
    <name>ts::ui::ClassroomToolView</name>
    <message>
        <source>What-if in force: %1.</source>
        <translation>‘만약에’ 적용 중: %1.</translation>
    </message>
    <message>
        <source>The next run uses it.</source>
        <translation>다음 실행부터 적용됩니다.</translation>
    </message>
    <message>
        <source>The results shown were made with it.</source>
        <translation>보이는 결과는 이것을 적용해 만들었습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/classroom_tool_view.cpp" line="30"/>
        <source>Load a model with a tokenizer first.</source>
        <translation>먼저 토크나이저가 있는 모델을 불러오세요.</translation>
    </message>
</context>
<context>
    <name>ts::ui::ConfidenceView</name>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="132"/>
        <source>Paste or type text to score, e.g. a generated answer.</source>
        <translation>점수를 매길 문장을 붙여 넣거나 입력하세요. 예: 생성된 답변.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="133"/>
        <source>Score this text</source>
        <translation>이 문장 점수 매기기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="134"/>
        <source>Use the generated text</source>
        <translation>생성된 문장 사용</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="135"/>
        <source>Colour by:</source>
        <translation>색 기준:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="136"/>
        <source>probability</source>
        <translation>확률</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="137"/>
        <source>rank</source>
        <translation>순위</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="138"/>
        <source>entropy</source>
        <translation>엔트로피</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="140"/>
        <location filename="../../ui/classroom/confidence_view.cpp" line="250"/>
        <source>Click a token to see what the model expected there.</source>
        <translation>토큰을 클릭하면 그 자리에서 모델이 무엇을 예상했는지 보입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="146"/>
        <source>Colour = probability the model gave each token given the text before it: green = expected, red = surprising. Fluent is not the same as true: a confidently green wrong fact is a hallucination.</source>
        <translation>색 = 앞 문장이 주어졌을 때 모델이 각 토큰에 준 확률: 초록 = 예상한 것, 빨강 = 뜻밖의 것. 유창하다고 참은 아닙니다. 자신 있게 초록색인 틀린 사실이 바로 환각입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="150"/>
        <source>Colour = rank of each token among all candidates: green = the model&apos;s first choice, red = rank 1000 or worse.</source>
        <translation>색 = 모든 후보 중 각 토큰의 순위: 초록 = 모델의 첫 번째 선택, 빨강 = 1000위 이하.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="153"/>
        <source>Colour = entropy of the distribution each token was drawn from: green = the model was sure of the next token, red = it was guessing among many.</source>
        <translation>색 = 각 토큰이 뽑힌 분포의 엔트로피: 초록 = 모델이 다음 토큰을 확신함, 빨강 = 여러 후보 사이에서 추측함.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="207"/>
        <source>Scoring…</source>
        <translation>점수 매기는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="261"/>
        <source>p = %1, rank %2, entropy %3 bits</source>
        <translation>p = %1, %2위, 엔트로피 %3비트</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="276"/>
        <source>The first token has nothing before it to predict it.</source>
        <translation>첫 토큰은 앞에 아무것도 없어서 예측할 수 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/confidence_view.cpp" line="279"/>
        <source>“%1”: p = %2, rank %3. The model expected:</source>
        <translation>“%1”: p = %2, %3위. 모델이 예상한 것:</translation>
    </message>
</context>
<context>
    <name>ts::ui::ControlsPanel</name>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="258"/>
        <source>Prompt</source>
        <translation>프롬프트</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="259"/>
        <source>The user&apos;s message…</source>
        <translation>사용자 메시지…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="260"/>
        <source>Type the beginning of a text…</source>
        <translation>문장의 앞부분을 입력하세요…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="261"/>
        <source>Token ids separated by spaces, e.g. 12 7 301</source>
        <translation>공백으로 구분한 토큰 ID, 예: 12 7 301</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="262"/>
        <source>Chat (system and user message)</source>
        <translation>채팅 (시스템·사용자 메시지)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="265"/>
        <source>Writes the messages in this model&apos;s chat format (%1), with its special tokens, and the model answers as the assistant.</source>
        <translation>메시지를 이 모델의 채팅 형식(%1)과 특수 토큰으로 적고, 모델이 어시스턴트로 답합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="267"/>
        <source>Instruct models need their chat format; this model has none that Tokenscope can write.</source>
        <translation>지시형 모델은 자기 채팅 형식이 필요합니다. 이 모델에는 Tokenscope가 쓸 수 있는 채팅 형식이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="271"/>
        <source>System message (optional)</source>
        <translation>시스템 메시지 (선택)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="272"/>
        <source>System message (empty: “%1”)</source>
        <translation>시스템 메시지 (비우면 “%1”)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="275"/>
        <source>No chat format: type the raw prompt.</source>
        <translation>채팅 형식이 없습니다. 프롬프트를 그대로 입력하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="276"/>
        <source>No chat format (%1): type the raw prompt.</source>
        <translation>채팅 형식이 없습니다 (%1). 프롬프트를 그대로 입력하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="278"/>
        <source>This model folder has no tokenizer: type token ids.</source>
        <translation>이 모델 폴더에는 토크나이저가 없습니다. 토큰 ID를 입력하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="279"/>
        <source>Autoregressive loop</source>
        <translation>자기회귀 루프</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="280"/>
        <source>Step</source>
        <translation>한 단계</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="281"/>
        <source>Run one step: predict, sample, feed the token back in</source>
        <translation>한 단계 실행: 예측하고, 샘플링하고, 토큰을 다시 입력으로 넣습니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="304"/>
        <location filename="../../ui/shell/controls_panel.cpp" line="309"/>
        <source>Pause</source>
        <translation>일시정지</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="304"/>
        <location filename="../../ui/shell/controls_panel.cpp" line="309"/>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="283"/>
        <source>Reset</source>
        <translation>초기화</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="284"/>
        <source>Delay</source>
        <translation>간격</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="285"/>
        <source>Pause between steps while running (0–2000 ms)</source>
        <translation>실행 중 단계 사이의 대기 시간 (0–2000 ms)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="286"/>
        <source>Max steps</source>
        <translation>최대 단계</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="287"/>
        <source>Seed</source>
        <translation>시드</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="288"/>
        <source>Sampling</source>
        <translation>샘플링</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="289"/>
        <source>Temperature</source>
        <translation>온도</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="290"/>
        <source>0 = always the most likely token; higher = more surprising choices</source>
        <translation>0 = 항상 가장 확률 높은 토큰, 높을수록 더 의외의 선택</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="291"/>
        <source>Top-k</source>
        <translation>상위 k</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="292"/>
        <source>off</source>
        <translation>끔</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="293"/>
        <source>Top-p</source>
        <translation>상위 p</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="294"/>
        <source>Colours</source>
        <translation>색</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="295"/>
        <source>classic</source>
        <translation>기본</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="296"/>
        <source>viridis (colour-blind safe)</source>
        <translation>viridis (색각 이상 안전)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="297"/>
        <source>cividis (colour-blind safe)</source>
        <translation>cividis (색각 이상 안전)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/controls_panel.cpp" line="298"/>
        <source>Colour map of the heatmaps and the confidence colouring</source>
        <translation>히트맵과 확신도 색칠에 쓰는 색 지도</translation>
    </message>
</context>
<context>
    <name>ts::ui::CostView</name>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="140"/>
        <source>Every token is one full pass through the model: all weights are read once, and attention reads the whole KV cache, which grows with the context. Reasoning models (o1/o3) buy better answers with many hidden tokens of “thinking” — ten times the tokens is at least ten times the cost, and more as the context grows. An agent making dozens of model calls per task is how a $20 subscription can cost $200 to serve.</source>
        <translation>토큰 하나마다 모델 전체를 한 번 통과합니다: 모든 가중치를 한 번씩 읽고, 어텐션은 컨텍스트와 함께 커지는 KV 캐시 전체를 읽습니다. 추론 모델(o1/o3)은 숨겨진 “생각” 토큰을 많이 써서 더 나은 답을 얻습니다 — 토큰이 10배면 비용도 최소 10배이고, 컨텍스트가 길어질수록 더 늘어납니다. 작업 하나에 모델을 수십 번 부르는 에이전트 때문에 월 20달러 구독의 인프라 비용이 200달러가 될 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Step</source>
        <translation>단계</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Context</source>
        <translation>컨텍스트</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation type="vanished">경과 시간</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>Weights read</source>
        <translation type="vanished">읽은 가중치</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="vanished">KV 캐시</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="235"/>
        <source>No steps yet: run the model to see what each token costs.</source>
        <translation>아직 단계가 없습니다. 모델을 실행하면 토큰마다 드는 비용이 보입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="237"/>
        <source>Session: %1 tokens in %2 calls, %3 ms, %4, %5 of weights read; KV cache now %6 for %7 tokens. About %8 per token.</source>
        <translation>세션: 호출 %2번에 토큰 %1개, %3 ms, %4, 가중치 %5 읽음. 현재 KV 캐시는 토큰 %7개에 %6. 토큰당 약 %8.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="302"/>
        <source>Cost per token against context length</source>
        <translation>컨텍스트 길이에 따른 토큰당 비용</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="303"/>
        <source>MFLOP per token</source>
        <translation>토큰당 MFLOP</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="304"/>
        <source>ms per token</source>
        <translation>토큰당 ms</translation>
    </message>
    <message>
        <source>MFLOP/token</source>
        <translation type="vanished">MFLOP/토큰</translation>
    </message>
    <message>
        <source>ms/token</source>
        <translation type="vanished">ms/토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="355"/>
        <source>prompt</source>
        <translation>프롬프트</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="336"/>
        <source>context length (tokens)</source>
        <translation>컨텍스트 길이 (토큰)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="147"/>
        <source>Wall
time</source>
        <translation>경과
시간</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="148"/>
        <source>Weights
read</source>
        <translation>읽은
가중치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="148"/>
        <source>KV
cache</source>
        <translation>KV
캐시</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="286"/>
        <source>Steady speed: step a few tokens to measure it.</source>
        <translation>안정 속도: 토큰을 몇 개 진행하면 측정됩니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/cost_view.cpp" line="289"/>
        <source>Steady speed: median %1 ms per token over the last decode steps (up to %2), against the estimate of %3 and %4 of weights read per token.</source>
        <translation>안정 속도: 최근 디코드 단계(최대 %2개)의 중앙값으로 토큰당 %1 ms. 추정치는 토큰당 %3, 가중치 %4 읽기.</translation>
    </message>
</context>
<context>
    <name>ts::ui::EmbeddingScatter</name>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="160"/>
        <source>No token vectors yet</source>
        <translation>아직 토큰 벡터가 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="173"/>
        <source>PC1 (%1 %)</source>
        <translation>PC1 (%1 %)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="179"/>
        <source>PC2 (%1 %)</source>
        <translation>PC2 (%1 %)</translation>
    </message>
</context>
<context>
    <name>ts::ui::EmbeddingView</name>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="571"/>
        <source>This model has no position vectors: its input vector is the token embedding alone. Position enters inside attention: every pair of numbers in each query and key is turned by an angle that grows with the token&apos;s position (RoPE, rope_theta = %1). A query and a key then score by how far apart their tokens are, not by where they stand.</source>
        <translation>이 모델에는 위치 벡터가 없습니다. 입력 벡터는 토큰 임베딩 그 자체입니다. 위치는 어텐션 안에서 들어갑니다: 쿼리와 키의 숫자 쌍마다 토큰의 위치에 비례하는 각도만큼 회전시킵니다 (RoPE, rope_theta = %1). 그래서 쿼리와 키의 점수는 두 토큰이 어디에 있는지가 아니라 얼마나 떨어져 있는지에 따라 정해집니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="594"/>
        <source>fast pair</source>
        <translation>빠른 쌍</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="595"/>
        <source>slow pair</source>
        <translation>느린 쌍</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="625"/>
        <source>%1 rad per position</source>
        <translation>위치당 %1 rad</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="800"/>
        <source>Show nearest vocabulary neighbours</source>
        <translation>가장 가까운 어휘 이웃 보기</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="802"/>
        <source>For the most recent tokens, the vocabulary entries whose token embedding points the same way (cosine), placed at the same position and drawn lighter</source>
        <translation>최근 토큰들에 대해, 토큰 임베딩의 방향이 비슷한(코사인) 어휘 항목을 같은 위치에 옅게 그립니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="643"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="753"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="791"/>
        <source>token</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="643"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="753"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="791"/>
        <source>position</source>
        <translation>위치</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="643"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="753"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="791"/>
        <source>sum</source>
        <translation>합</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="644"/>
        <source>value</source>
        <translation>값</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="668"/>
        <location filename="../../ui/stages/embedding_view.cpp" line="793"/>
        <source>cosine</source>
        <translation>코사인</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="732"/>
        <source>dimension %1: %2</source>
        <translation>%1번째 차원: %2</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="737"/>
        <source>dimension %1: token %2 + position %3 = %4</source>
        <translation>%1번째 차원: 토큰 %2 + 위치 %3 = %4</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1110"/>
        <source>A projection needs at least two different token vectors.</source>
        <translation>투영하려면 서로 다른 토큰 벡터가 두 개 이상 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1112"/>
        <source>First two principal components of %1 input vectors: PC1 explains %2 % of their spread, PC2 %3 %.</source>
        <translation>입력 벡터 %1개의 처음 두 주성분: PC1이 분산의 %2 %, PC2가 %3 %를 설명합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1153"/>
        <source>Cosine similarity (the newest %1)</source>
        <translation>코사인 유사도 (최근 %1개)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1153"/>
        <source>Cosine similarity</source>
        <translation>코사인 유사도</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1164"/>
        <source>Input vector: no token selected</source>
        <translation>입력 벡터: 선택한 토큰 없음</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1175"/>
        <source>Input vector of “%1” at position %2 = its token embedding (%3 numbers); no position vector is added</source>
        <translation>위치 %2의 “%1” 입력 벡터 = 토큰 임베딩 (숫자 %3개); 위치 벡터는 더하지 않음</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1191"/>
        <source>Input vector of “%1” at position %2 = token embedding + position embedding (%3 numbers)</source>
        <translation>위치 %2의 “%1” 입력 벡터 = 토큰 임베딩 + 위치 임베딩 (숫자 %3개)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1215"/>
        <source>This context&apos;s input vectors</source>
        <translation>이 문맥의 입력 벡터</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1216"/>
        <source>Word map: %1</source>
        <translation>단어 지도: %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1217"/>
        <source>Word map: your words</source>
        <translation>단어 지도: 직접 입력한 단어</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1218"/>
        <source>A word map places a chosen set of words by their token embeddings, in the plane of their own two principal components: words of one kind should lie close together. The context&apos;s tokens are placed in the same plane.</source>
        <translation>단어 지도는 고른 단어들을 토큰 임베딩에 따라 그 단어들의 두 주성분이 이루는 평면에 놓습니다. 같은 종류의 단어는 서로 가까이 모여야 합니다. 문맥의 토큰도 같은 평면에 놓입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1221"/>
        <source>Words separated by commas; groups by semicolons</source>
        <translation>단어는 쉼표로, 묶음은 세미콜론으로 구분합니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1270"/>
        <source>The word map needs a model with its tokenizer.</source>
        <translation>단어 지도에는 토크나이저가 있는 모델이 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1287"/>
        <source>A word map needs at least two different words.</source>
        <translation>단어 지도에는 서로 다른 단어가 두 개 이상 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1328"/>
        <source>Placing the words…</source>
        <translation>단어를 배치하는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1329"/>
        <source>No word map: %1</source>
        <translation>단어 지도 없음: %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1351"/>
        <source>Word map of %1 words: their token embeddings (a word of several tokens: their mean), in the plane of their first two principal components (PC1 %2 %, PC2 %3 %). Round dots: this context&apos;s tokens placed in the same plane.</source>
        <translation>단어 %1개의 지도: 각 단어의 토큰 임베딩(토큰이 여러 개인 단어는 그 평균)을 첫 두 주성분의 평면에 놓았습니다(PC1 %2 %, PC2 %3 %). 둥근 점은 같은 평면에 놓은 이 문맥의 토큰입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1361"/>
        <source>Word</source>
        <translation>단어</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1361"/>
        <source>Tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../ui/stages/embedding_view.cpp" line="1361"/>
        <source>Nearest entries (cosine)</source>
        <translation>가장 가까운 항목(코사인)</translation>
    </message>
    <message>
        <source>Nearest vocabulary entries (cosine)</source>
        <translation type="vanished">가장 가까운 어휘 항목(코사인)</translation>
    </message>
</context>
<context>
    <name>ts::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="80"/>
        <source>No model is loaded.</source>
        <translation>불러온 모델이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="81"/>
        <source>Choose the bundled model or open a model folder first.</source>
        <translation>먼저 기본 모델을 고르거나 모델 폴더를 여세요.</translation>
    </message>
    <message>
        <source>This model folder has no tokenizer (vocab.json + merges.txt or tokenizer.json), so the prompt must be token ids separated by spaces; &quot;%1&quot; is not a number.</source>
        <translation type="vanished">이 모델 폴더에는 토크나이저(vocab.json + merges.txt 또는 tokenizer.json)가 없어서 프롬프트를 공백으로 구분한 토큰 ID로 입력해야 합니다. &quot;%1&quot;은(는) 숫자가 아닙니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="163"/>
        <source>The context is full: the model reads at most %1 tokens.</source>
        <translation>컨텍스트가 가득 찼습니다. 이 모델은 최대 %1개 토큰까지만 읽습니다.</translation>
    </message>
    <message>
        <source>Reset, shorten the prompt, or branch from an earlier step.</source>
        <translation type="vanished">초기화하거나, 프롬프트를 줄이거나, 이전 단계에서 분기하세요.</translation>
    </message>
    <message>
        <source>The session is unchanged; adjust and try again.</source>
        <translation type="vanished">세션은 그대로입니다. 설정을 바꿔 다시 시도하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="119"/>
        <source>Edit the prompt and try again.</source>
        <translation>프롬프트를 고친 뒤 다시 시도하세요.</translation>
    </message>
    <message>
        <source>The prompt is empty.</source>
        <translation type="vanished">프롬프트가 비어 있습니다.</translation>
    </message>
    <message>
        <source>Type some text to start from.</source>
        <translation type="vanished">시작할 문장을 입력하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="97"/>
        <source>The session is unchanged; reset, shorten the prompt or branch from an earlier step.</source>
        <translation>세션은 그대로입니다. 초기화하거나, 프롬프트를 줄이거나, 이전 단계에서 분기하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="131"/>
        <location filename="../../ui/shell/engine_worker.cpp" line="140"/>
        <source>There is no prompt yet.</source>
        <translation>아직 프롬프트가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="131"/>
        <source>Type a prompt, then press Step.</source>
        <translation>프롬프트를 입력한 뒤 [한 단계]를 누르세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="140"/>
        <source>Type a prompt, then press Run.</source>
        <translation>프롬프트를 입력한 뒤 [실행]을 누르세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="155"/>
        <location filename="../../ui/shell/engine_worker.cpp" line="173"/>
        <source>Reached the maximum number of steps.</source>
        <translation>최대 단계 수에 도달했습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="159"/>
        <source>The model drew the end-of-text token.</source>
        <translation>모델이 텍스트 끝(end-of-text) 토큰을 뽑았습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/engine_worker.cpp" line="262"/>
        <source>Open a transcript written by this model.</source>
        <translation>이 모델로 만든 기록 파일을 여세요.</translation>
    </message>
    <message>
        <source>There is no step %1 to branch from.</source>
        <translation type="vanished">분기할 %1단계가 없습니다.</translation>
    </message>
    <message>
        <source>Token %1 is outside the vocabulary.</source>
        <translation type="vanished">토큰 %1은(는) 어휘 범위를 벗어납니다.</translation>
    </message>
    <message>
        <location filename="../../ui/core/engine_worker.cpp" line="1"/>
        <source>Restore the silenced heads and banned tokens.</source>
        <translation>끈 헤드와 금지한 토큰을 되돌리세요.</translation>
    </message>
    <message>
        <source>Silencing heads needs the model&apos;s internals, which a model server does not expose: load a local model for it.</source>
        <translation>헤드를 끄려면 모델 내부가 필요한데, 모델 서버는 이를 공개하지 않습니다. 로컬 모델을 불러오세요.</translation>
    </message>
</context>
<context>
    <name>ts::ui::GetModelDialog</name>
    <message>
        <source>Mi:dm 2.0 Mini Instruct (KT, 2.3B)</source>
        <translation>Mi:dm 2.0 Mini Instruct (KT, 2.3B)</translation>
    </message>
    <message>
        <source>Recommended for Korean: a Korea-centric chat model under an open licence (Llama design, head_dim 128)</source>
        <translation>한국어에 추천: 열린 라이선스의 한국 중심 채팅 모델 (Llama 설계, head_dim 128)</translation>
    </message>
    <message>
        <source>EXAONE 4.0 1.2B (LG)</source>
        <translation>EXAONE 4.0 1.2B (LG)</translation>
    </message>
    <message>
        <source>EXAONE AI Model License 1.1 – NC: non-commercial use only</source>
        <translation>EXAONE AI Model License 1.1 – NC: 비상업적 이용만 허용</translation>
    </message>
    <message>
        <source>Korean and English; its norms sit after attention and the MLP, not before</source>
        <translation>한국어와 영어. 정규화가 어텐션과 MLP의 앞이 아니라 뒤에 있습니다</translation>
    </message>
    <message>
        <source>EXAONE 4.0 1.2B, GGUF Q4_K_M</source>
        <translation>EXAONE 4.0 1.2B, GGUF Q4_K_M</translation>
    </message>
    <message>
        <source>The same model as one GGUF file: a fraction of the size, nearly the same answers</source>
        <translation>같은 모델을 GGUF 파일 하나로: 크기는 몇 분의 일, 답은 거의 같습니다</translation>
    </message>
    <message>
        <source>EXAONE 3.5 2.4B Instruct (LG)</source>
        <translation>EXAONE 3.5 2.4B Instruct (LG)</translation>
    </message>
    <message>
        <source>Strong Korean for its size; a Llama-shaped model under other tensor names</source>
        <translation>크기에 비해 한국어가 강합니다. 텐서 이름만 다른 Llama 모양의 모델</translation>
    </message>
    <message>
        <source>EXAONE 3.5 2.4B Instruct, GGUF Q4_K_M</source>
        <translation>EXAONE 3.5 2.4B Instruct, GGUF Q4_K_M</translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 0.5B Text Instruct (NAVER)</source>
        <translation>HyperCLOVA X SEED 0.5B Text Instruct (네이버)</translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED Model License (NAVER's own terms)</source>
        <translation>HyperCLOVA X SEED Model License (네이버 자체 약관)</translation>
    </message>
    <message>
        <source>NAVER's smallest Korean chat model: fast enough to step through live</source>
        <translation>네이버의 가장 작은 한국어 채팅 모델: 한 단계씩 실시간으로 볼 만큼 빠릅니다</translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 0.5B, GGUF Q4_K_M</source>
        <translation>HyperCLOVA X SEED 0.5B, GGUF Q4_K_M</translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 1.5B Text Instruct (NAVER)</source>
        <translation>HyperCLOVA X SEED 1.5B Text Instruct (네이버)</translation>
    </message>
    <message>
        <source>The larger SEED: better Korean answers, three times the memory</source>
        <translation>더 큰 SEED: 한국어 답이 더 낫고, 메모리는 세 배</translation>
    </message>
    <message>
        <source>HyperCLOVA X SEED 1.5B, GGUF Q4_K_M</source>
        <translation>HyperCLOVA X SEED 1.5B, GGUF Q4_K_M</translation>
    </message>
    <message>
        <source>Kanana 1.5 2.1B Instruct (Kakao)</source>
        <translation>Kanana 1.5 2.1B Instruct (카카오)</translation>
    </message>
    <message>
        <source>Kakao's terms: Apache-2.0 as published for Kanana 1.5</source>
        <translation>카카오 약관: Kanana 1.5는 Apache-2.0으로 공개</translation>
    </message>
    <message>
        <source>Kakao's bilingual model; variants that need remote code are refused</source>
        <translation>카카오의 2개 국어 모델. 원격 코드가 필요한 변형은 거부합니다</translation>
    </message>
    <message>
        <source>Gemma 3 270M Instruct (Google)</source>
        <translation>Gemma 3 270M Instruct (구글)</translation>
    </message>
    <message>
        <source>Gemma Terms of Use (accept them on the hub first; then set HF_TOKEN)</source>
        <translation>Gemma 이용 약관 (먼저 허브에서 동의한 뒤 HF_TOKEN 설정)</translation>
    </message>
    <message>
        <source>The smallest real multilingual model; its sliding-window layers show as a band in the attention view</source>
        <translation>가장 작은 실제 다국어 모델. 슬라이딩 윈도 층이 어텐션 화면에 띠로 보입니다</translation>
    </message>
    <message>
        <source>Gemma 3 270M Instruct, GGUF Q8_0</source>
        <translation>Gemma 3 270M Instruct, GGUF Q8_0</translation>
    </message>
    <message>
        <source>Gemma 3 1B Instruct (Google)</source>
        <translation>Gemma 3 1B Instruct (구글)</translation>
    </message>
    <message>
        <source>Better answers than the 270M, in Korean too; 26 layers</source>
        <translation>270M보다 답이 낫고 한국어도 낫습니다. 26개 층</translation>
    </message>
    <message>
        <source>Gemma 3 1B Instruct, GGUF Q4_K_M</source>
        <translation>Gemma 3 1B Instruct, GGUF Q4_K_M</translation>
    </message>
    <message>
        <source>★ %1 — recommended for Korean</source>
        <translation>★ %1 — 한국어에 추천</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="43"/>
        <source>GPT-2 (124M)</source>
        <translation>GPT-2 (1억 2,400만)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="45"/>
        <source>The classic of 2019: clear induction heads in the attention view, English only (Korean costs several tokens a syllable)</source>
        <translation>2019년의 고전: 어텐션 보기에서 인덕션 헤드가 뚜렷합니다. 영어 전용(한국어는 한 음절에 토큰 여러 개)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="49"/>
        <source>SmolLM2 135M Instruct</source>
        <translation>SmolLM2 135M Instruct</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="51"/>
        <source>A small modern chat model (Llama design): follows instructions, fast enough to step through live</source>
        <translation>작은 최신 채팅 모델(Llama 구조): 지시를 따르고, 수업 중에 한 단계씩 실행할 만큼 빠릅니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="55"/>
        <source>Qwen2.5 0.5B Instruct (Korean)</source>
        <translation>Qwen2.5 0.5B Instruct (한국어)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="57"/>
        <source>Reads and writes Korean: compare its tokens for 한국어 with GPT-2&apos;s; hallucination and lost-in-the-middle on a real chat model</source>
        <translation>한국어를 읽고 씁니다: 한국어 토큰을 GPT-2와 비교해 보세요. 실제 채팅 모델로 환각과 중간 망각을 봅니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="61"/>
        <source>SmolLM2 135M Instruct, GGUF Q8_0</source>
        <translation>SmolLM2 135M Instruct, GGUF Q8_0</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="63"/>
        <source>The same model quantised to 8 bits: half the size, nearly the same answers — a lesson on precision</source>
        <translation>같은 모델을 8비트로 양자화: 크기는 절반, 답은 거의 같습니다 — 정밀도 수업</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="89"/>
        <source>SHA-256 matches</source>
        <translation>SHA-256 일치</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="90"/>
        <source>size, git hash and commit match</source>
        <translation>크기, git 해시, 커밋 일치</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="201"/>
        <source>“%1” is not a hub model id. Write it as ORG/NAME, for example openai-community/gpt2.</source>
        <translation>“%1”은(는) 허브 모델 ID가 아닙니다. ORG/NAME 형식으로 쓰세요. 예: openai-community/gpt2</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="209"/>
        <source>Asking the hub for the file list of %1…</source>
        <translation>허브에 %1의 파일 목록을 요청하는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="217"/>
        <source>Downloading %1 (file %2 of %3)
%4 of %5 · %6/s</source>
        <translation>%1 내려받는 중 (파일 %3개 중 %2번째)
%5 중 %4 · 초당 %6</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="225"/>
        <source>Waiting: another download of %1 is running (another Tokenscope window, tokenscope-cli or the Hugging Face tools). It continues when that one ends.</source>
        <translation>기다리는 중: %1을(를) 다른 곳(다른 Tokenscope 창, tokenscope-cli 또는 Hugging Face 도구)에서 내려받고 있습니다. 그 작업이 끝나면 이어서 진행합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="233"/>
        <source>%1 is downloaded and verified; loading it now.
%2</source>
        <translation>%1을(를) 내려받고 검증했습니다. 지금 불러옵니다.
%2</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="241"/>
        <source>Cancelled. What arrived is kept: downloading %1 again continues where it stopped.</source>
        <translation>취소했습니다. 받은 부분은 남겨 두었으니 %1을(를) 다시 내려받으면 멈춘 곳부터 이어집니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="244"/>
        <source>The download of %1 failed.</source>
        <translation>%1 내려받기에 실패했습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="247"/>
        <source>Download failed</source>
        <translation>내려받기 실패</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="268"/>
        <source>Get a model</source>
        <translation>모델 받기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="269"/>
        <source>Download a model from the Hugging Face hub into its cache, where the hub&apos;s own tools find it too. Only what Tokenscope loads is fetched (config, safetensors weights, tokenizer), and every file is checked against the hash the hub lists.</source>
        <translation>Hugging Face 허브에서 모델을 허브 캐시로 내려받습니다. 허브의 다른 도구도 그대로 찾을 수 있습니다. 토큰스코프가 읽는 파일(설정, safetensors 가중치, 토크나이저)만 받고, 모든 파일을 허브가 알려 준 해시로 확인합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Download</source>
        <translation>크기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Licence</source>
        <translation>라이선스</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="272"/>
        <source>Good for in class</source>
        <translation>수업에서 쓰기 좋은 점</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="282"/>
        <source>Hub id:</source>
        <translation>허브 ID:</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="285"/>
        <source>From %1 into %2 (HF_ENDPOINT, HF_HUB_CACHE, HF_TOKEN and HTTPS_PROXY are honoured)</source>
        <translation>%1에서 %2(으)로 (HF_ENDPOINT, HF_HUB_CACHE, HF_TOKEN, HTTPS_PROXY를 따릅니다)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="288"/>
        <source>&amp;Download</source>
        <translation>내려받기(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="289"/>
        <source>&amp;Cancel download</source>
        <translation>내려받기 취소(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="290"/>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/get_model_dialog.cpp" line="292"/>
        <source>Choose a model or type any hub id, then Download.</source>
        <translation>모델을 고르거나 허브 ID를 입력한 뒤 내려받기를 누르세요.</translation>
    </message>
</context>
<context>
    <name>ts::ui::HeadlessRun</name>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="79"/>
        <source>Timed out after %1 s.</source>
        <translation>%1초가 지나 시간 초과되었습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="101"/>
        <source>--model none needs --open-transcript FILE.</source>
        <translation>--model none에는 --open-transcript FILE이 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="122"/>
        <source>There is no lesson %1 (there are %2).</source>
        <translation>수업 %1은(는) 없습니다 (수업은 %2개입니다).</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="127"/>
        <source>Lesson %1 has %2 steps, not %3.</source>
        <translation>수업 %1은(는) %2단계까지 있습니다(%3단계는 없습니다).</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="136"/>
        <source>This model has no chat format that Tokenscope can write: use --prompt.</source>
        <translation>이 모델에는 Tokenscope가 쓸 수 있는 채팅 형식이 없습니다. --prompt를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="195"/>
        <source>Unknown view &apos;%1&apos;.</source>
        <translation>알 수 없는 화면 &apos;%1&apos;.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="205"/>
        <source>--select-step %1: the run has %2 steps.</source>
        <translation>--select-step %1: 실행한 단계는 %2개입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="214"/>
        <source>--layer %1: the model has fewer layers.</source>
        <translation>--layer %1: 모델의 층이 그보다 적습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="221"/>
        <source>--head %1: the model has fewer heads.</source>
        <translation>--head %1: 모델의 헤드가 그보다 적습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/headless_run.cpp" line="229"/>
        <source>--word-map &apos;%1&apos;: no words.</source>
        <translation>--word-map &apos;%1&apos;: 단어가 없습니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::HeatmapWidget</name>
    <message>
        <location filename="../../ui/widgets/heatmap_widget.cpp" line="699"/>
        <source>No data yet</source>
        <translation>아직 데이터가 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/heatmap_widget.cpp" line="763"/>
        <source>zoomed: rows %1–%2, columns %3–%4 of %5 · double-click: all</source>
        <translation>확대: 행 %1–%2, 열 %3–%4 (전체 %5) · 더블클릭: 전체 보기</translation>
    </message>
</context>
<context>
    <name>ts::ui::LanesView</name>
    <message>
        <source>The lanes shown ran with it.</source>
        <translation>보이는 레인은 이것을 적용해 실행했습니다.</translation>
    </message>
    <message>
        <source>T = %1 · top-k %2</source>
        <translation>T = %1 · top-k %2</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="95"/>
        <source>Prompt:</source>
        <translation>프롬프트:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="96"/>
        <source>Lanes:</source>
        <translation>레인 수:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="97"/>
        <source>Temperatures:</source>
        <translation>온도:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="98"/>
        <source>Tokens per lane:</source>
        <translation>레인당 토큰 수:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="99"/>
        <source>Seed:</source>
        <translation>시드:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="103"/>
        <source>Run all lanes</source>
        <translation>모든 레인 실행</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="104"/>
        <source>Step all lanes</source>
        <translation>모든 레인 한 단계</translation>
    </message>
    <message>
        <source>Every lane continues the same prompt with the same seed; only the temperature differs. Each token&apos;s colour is the probability it was drawn with: green = likely, red = unlikely. Low temperature sharpens the distribution (safe, repetitive); high temperature flattens it (varied, and more often wrong).</source>
        <translation type="vanished">모든 레인은 같은 프롬프트를 같은 시드로 이어 갑니다. 다른 것은 temperature뿐입니다. 각 토큰의 색은 그 토큰이 뽑힌 확률입니다: 초록 = 그럴듯함, 빨강 = 드묾. 낮은 temperature는 분포를 뾰족하게(안전하고 반복적), 높은 temperature는 평평하게(다양하고 더 자주 틀림) 만듭니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="112"/>
        <source>T = %1</source>
        <translation>T = %1</translation>
    </message>
    <message>
        <source>Load a model with a tokenizer first.</source>
        <translation type="vanished">먼저 토크나이저가 있는 모델을 불러오세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="168"/>
        <source>Type a prompt first.</source>
        <translation>먼저 프롬프트를 입력하세요.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/lanes_view.cpp" line="180"/>
        <source>Running %n lane(s)…</source>
        <translation>
            <numerusform>레인 %n개 실행 중…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="254"/>
        <source>p = %1 (at T = 1: %2), entropy %3 bits</source>
        <translation>p = %1 (T = 1일 때: %2), 엔트로피 %3비트</translation>
    </message>
    <message>
        <source>step</source>
        <translation type="vanished">단계</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="114"/>
        <source>bits</source>
        <translation>비트</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="114"/>
        <source>entropy per step</source>
        <translation>단계별 엔트로피</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="100"/>
        <source>Continue past end of text</source>
        <translation>글 끝 토큰 뒤에도 계속</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="101"/>
        <source>Keep drawing after the model&apos;s end-of-text token (what follows is whatever the training data put after a document&apos;s end).</source>
        <translation>모델이 글 끝 토큰을 뽑은 뒤에도 계속 뽑습니다(그 뒤에 나오는 것은 훈련 데이터에서 문서 끝 다음에 오던 아무 글입니다).</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="105"/>
        <source>Every lane continues the same prompt with the same seed; only the temperature differs. Each token&apos;s colour is the probability it was drawn with (key below). Low temperature sharpens the distribution (safe, repetitive); high temperature flattens it (varied, and more often wrong). A lane ends where the model draws its end-of-text token (framed).</source>
        <translation>모든 레인은 같은 프롬프트를 같은 시드로 이어 갑니다. 다른 것은 온도(temperature)뿐입니다. 각 토큰의 색은 그 토큰이 뽑힌 확률입니다(아래 색 막대 참고). 낮은 온도는 분포를 뾰족하게(안전하고 반복적), 높은 온도는 평평하게(다양하고 더 자주 틀림) 만듭니다. 모델이 글 끝 토큰을 뽑으면 레인은 거기서 끝납니다(테두리 표시).</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="110"/>
        <source>Probability the token was drawn with:</source>
        <translation>토큰이 뽑힌 확률:</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/lanes_view.cpp" line="302"/>
        <source>Stopped at end of text after %n token(s).</source>
        <translation>
            <numerusform>토큰 %n개 뒤 글 끝에서 멈춤.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/lanes_view.cpp" line="303"/>
        <source>%n token(s); no end of text yet.</source>
        <translation>
            <numerusform>토큰 %n개, 아직 글 끝 아님.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lanes_view.cpp" line="114"/>
        <source>end</source>
        <translation>끝</translation>
    </message>
</context>
<context>
    <name>ts::ui::LessonPanel</name>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="62"/>
        <source>◀ Back</source>
        <translation>◀ 이전</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="63"/>
        <source>Set up again</source>
        <translation>다시 설정</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="64"/>
        <source>Next ▶</source>
        <translation>다음 ▶</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="170"/>
        <source>Guided lessons</source>
        <translation>안내 수업</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="190"/>
        <source>Prompt:</source>
        <translation>프롬프트:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="193"/>
        <source>With GPT-2:</source>
        <translation>GPT-2로:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="195"/>
        <source>Step %1 of %2</source>
        <translation>%2단계 중 %1단계</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="65"/>
        <source>End lesson</source>
        <translation>수업 끝내기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="66"/>
        <source>Previous step (PageUp)</source>
        <translation>이전 단계 (PageUp)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="67"/>
        <source>Next step (PageDown)</source>
        <translation>다음 단계 (PageDown)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="68"/>
        <source>Close the lesson and put your own prompt and settings back</source>
        <translation>수업을 닫고 원래의 프롬프트와 설정으로 되돌립니다</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="161"/>
        <source>Choose a lesson…</source>
        <translation>수업을 고르세요…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/lesson_panel.cpp" line="171"/>
        <source>&lt;p&gt;Choose a lesson above. Each step sets up the app — prompt, view, settings — and says what to look at. Lessons are JSON files in the &lt;i&gt;lessons&lt;/i&gt; folder; teachers can write their own.&lt;/p&gt;</source>
        <translation>&lt;p&gt;위에서 수업을 고르세요. 각 단계가 앱을 준비하고(프롬프트, 화면, 설정) 무엇을 볼지 알려 줍니다. 수업은 &lt;i&gt;lessons&lt;/i&gt; 폴더의 JSON 파일이며, 교사가 직접 만들 수 있습니다.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ts::ui::LitmView</name>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="175"/>
        <source>Export results</source>
        <translation>결과 내보내기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="176"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 파일 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="180"/>
        <source>Run the lost-in-the-middle lab?</source>
        <translation>중간 소실(lost in the middle) 실험을 실행할까요?</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="187"/>
        <source>Records:</source>
        <translation>기록 수:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="188"/>
        <source>Positions:</source>
        <translation>위치 수:</translation>
    </message>
    <message>
        <source>Trials per position:</source>
        <translation type="vanished">위치당 시행 수:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="191"/>
        <source>Seed:</source>
        <translation>시드:</translation>
    </message>
    <message>
        <source>Ask the question before the records too (query-aware)</source>
        <translation type="vanished">기록 앞에도 질문하기 (query-aware)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="194"/>
        <source>Record template:</source>
        <translation>기록 형식:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="195"/>
        <source>Run experiment</source>
        <translation>실험 실행</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="196"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="200"/>
        <source>Export CSV…</source>
        <translation>CSV 내보내기…</translation>
    </message>
    <message>
        <source>Each context lists key-value records (“Code Alpha-41 tiger.”) and ends by asking for one key again. The record asked for is moved from the first to the last place; every position is tried with freshly shuffled records. A long context is not the same as a well-used one.</source>
        <translation type="vanished">각 컨텍스트는 키-값 기록(“Code Alpha-41 tiger.”)을 나열하고 마지막에 키 하나를 다시 묻습니다. 물어보는 기록을 처음부터 끝까지 옮겨 가며, 위치마다 새로 섞은 기록으로 시험합니다. 길게 넣는 것과 제대로 쓰는 것은 다릅니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="213"/>
        <source>Position</source>
        <translation>위치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="213"/>
        <source>Top-1 accuracy</source>
        <translation>Top-1 정확도</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="213"/>
        <source>P(correct)</source>
        <translation>P(정답)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="214"/>
        <source>Mean rank</source>
        <translation>평균 순위</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="214"/>
        <source>Attention on record</source>
        <translation>기록에 대한 어텐션</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation type="vanished">시행 수</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="225"/>
        <source>This model</source>
        <translation>이 모델</translation>
    </message>
    <message>
        <source>Load a model with a tokenizer first.</source>
        <translation type="vanished">먼저 토크나이저가 있는 모델을 불러오세요.</translation>
    </message>
    <message>
        <source>Running %1 contexts…</source>
        <translation type="vanished">컨텍스트 %1개 실행 중…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="221"/>
        <source>position of the record asked for</source>
        <translation>물어본 기록의 위치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="408"/>
        <location filename="../../ui/classroom/litm_view.cpp" line="437"/>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="417"/>
        <source>Running %1 contexts (estimated %2)…</source>
        <translation>문맥 %1개를 실행하는 중(예상 %2)…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="432"/>
        <source>Done in %1.</source>
        <translation>%1 만에 끝났습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="445"/>
        <source>Running: %1 % done, %2 left.</source>
        <translation>실행 중: %1 % 완료, %2 남음.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="483"/>
        <source>Open results</source>
        <translation>결과 열기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="484"/>
        <source>Lost-in-the-middle results (*.json);;All files (*)</source>
        <translation>중간 소실 결과 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="488"/>
        <source>Cannot open results</source>
        <translation>결과를 열 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="489"/>
        <source>%1

The results on screen are unchanged.</source>
        <translation>%1

화면의 결과는 그대로입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="493"/>
        <source>Save results</source>
        <translation>결과 저장</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="494"/>
        <source>Lost-in-the-middle results (*.json)</source>
        <translation>중간 소실 결과 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="497"/>
        <source>Cannot save results</source>
        <translation>결과를 저장할 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="567"/>
        <source>answer position</source>
        <translation>정답 문서의 위치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="611"/>
        <source>%1&lt;br&gt;about %2 tokens · shaded: 95 % interval</source>
        <translation>%1&lt;br&gt;약 %2토큰 · 음영: 95 % 구간</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="612"/>
        <source>asked record&apos;s position (of %1)</source>
        <translation>물어본 기록의 위치 (전체 %1개)</translation>
    </message>
    <message>
        <source>Liu et al. 2023 (GPT-3.5-Turbo, 20 documents)</source>
        <translation type="vanished">Liu 외 2023 (GPT-3.5-Turbo, 문서 20개)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="566"/>
        <source>accuracy (%)</source>
        <translation>정확도 (%)</translation>
    </message>
    <message>
        <source>position of the answer document</source>
        <translation type="vanished">정답 문서의 위치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="216"/>
        <source>top-1 accuracy</source>
        <translation>top-1 정확도</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="189"/>
        <source>Contexts:</source>
        <translation>문맥 수:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="190"/>
        <source>Contexts of freshly drawn records; each is read once and asked about every position.</source>
        <translation>매번 새로 뽑은 기록으로 만든 문맥입니다. 각 문맥은 한 번 읽히고 모든 위치에 대해 질문을 받습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="192"/>
        <source>Ask first (query-aware)</source>
        <translation>먼저 묻기(query-aware)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="193"/>
        <source>State the question before the records too, so the model knows what to look for while reading.</source>
        <translation>기록 앞에도 질문을 적어, 모델이 읽는 동안 무엇을 찾아야 하는지 알게 합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="197"/>
        <source>Open results…</source>
        <translation>결과 열기…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="198"/>
        <source>Show results saved earlier (for example a sweep of a large model prepared at home).</source>
        <translation>전에 저장한 결과를 보여 줍니다(예: 집에서 큰 모델로 미리 측정한 결과).</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="199"/>
        <source>Save results…</source>
        <translation>결과 저장…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="201"/>
        <source>Each context lists key-value records (“Code Alpha-41 tiger.”) and ends by asking for one key again: the model reads it once and is asked about each position in turn, with fresh records in every context.</source>
        <translation>각 문맥은 키-값 기록(“코드 알파-41 호랑이.”)을 나열하고 마지막에 키 하나를 다시 묻습니다. 모델은 문맥을 한 번 읽고 각 위치에 대해 차례로 질문을 받으며, 문맥마다 기록은 새로 뽑습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="215"/>
        <source>Contexts</source>
        <translation>문맥 수</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="217"/>
        <source>P(correct value)</source>
        <translation>P(정답 값)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="290"/>
        <source>The bundled model</source>
        <translation>내장 모델</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="292"/>
        <source>Load a model to measure it, or open results saved earlier.</source>
        <translation>모델을 불러와 측정하거나, 전에 저장한 결과를 여세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="297"/>
        <source>No lost-in-the-middle measurements come with %1. Run the lab: it first times the model on this computer and says how long the run will take before it starts. Results can be saved and shown later without the model.</source>
        <translation>%1에는 중간 소실 측정 결과가 함께 오지 않습니다. 실험을 실행하세요. 먼저 이 컴퓨터에서 모델의 속도를 재고, 시작하기 전에 얼마나 걸릴지 알려 줍니다. 결과는 저장해 두었다가 나중에 모델 없이 보여 줄 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="376"/>
        <source>Timing %1 on this computer…</source>
        <translation>이 컴퓨터에서 %1의 속도를 재는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="384"/>
        <source>%1 records take %2 tokens, more than the model&apos;s context of %3: use fewer records.</source>
        <translation>기록 %1개는 %2토큰으로, 모델의 문맥 길이 %3보다 깁니다. 기록 수를 줄이세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="393"/>
        <source>%1 contexts of about %2 tokens, each read once and asked %3 questions.</source>
        <translation>약 %2토큰짜리 문맥 %1개를 각각 한 번 읽고 질문 %3개씩을 합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="397"/>
        <source>This run on %1 will take %2 on this computer (measured just now).
%3

The window stays usable and you can cancel at any time.</source>
        <translation>%1(으)로 이 컴퓨터에서 실행하면 %2 걸립니다(방금 측정).
%3

실행 중에도 창을 쓸 수 있고 언제든 취소할 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="401"/>
        <source>Not started (estimated %1).</source>
        <translation>시작하지 않았습니다(예상 %1).</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="549"/>
        <source>Liu et al. 2023&lt;br&gt;(GPT-3.5-Turbo, 20 documents)</source>
        <translation>Liu 외 2023&lt;br&gt;(GPT-3.5-Turbo, 문서 20개)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="605"/>
        <source>Bundled model</source>
        <translation>내장 모델</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="606"/>
        <source>Unnamed model</source>
        <translation>이름 없는 모델</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="608"/>
        <source>%1, measured now</source>
        <translation>%1, 방금 측정</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="609"/>
        <source>%1, from its evaluation data</source>
        <translation>%1, 평가 데이터</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="610"/>
        <source>%1, from %2</source>
        <translation>%1, %2에서</translation>
    </message>
    <message>
        <source>%1 · about %2 tokens</source>
        <translation type="vanished">%1 · 약 %2토큰</translation>
    </message>
    <message>
        <source>position of the record asked for, of %1 (shaded: 95 % interval)</source>
        <translation type="vanished">물어본 기록의 위치(전체 %1개, 음영: 95 % 구간)</translation>
    </message>
    <message>
        <source>This model (%1 records, about %2 tokens per context)</source>
        <translation type="vanished">이 모델 (기록 %1개, 컨텍스트당 약 %2토큰)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view.cpp" line="628"/>
        <source>Example context: %1</source>
        <translation>컨텍스트 예: %1</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="18"/>
        <source>Use at least two positions to see a curve.</source>
        <translation>곡선을 보려면 위치를 두 개 이상 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="48"/>
        <source>accuracy</source>
        <translation>정확도</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="48"/>
        <source>the probability of the right value</source>
        <translation>올바른 값의 확률</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="50"/>
        <source>This model does not retrieve the values at all (top-1 accuracy below 5 %, P(correct) below 2 % everywhere): there is no position effect to see. Try fewer records or a trained model.</source>
        <translation>이 모델은 값을 전혀 찾아내지 못합니다 (모든 위치에서 top-1 정확도 5 % 미만, P(정답) 2 % 미만). 위치 효과를 볼 수 없습니다. 기록 수를 줄이거나 학습된 모델을 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="60"/>
        <source>A U-shape, as Liu et al. found: %1 is higher when the record is first (%2 %) or last (%3 %) than in the middle (%4 %). Information in the middle of a long context is used least.</source>
        <translation>Liu 외의 결과처럼 U자 모양입니다: 기록이 처음(%2 %)이나 마지막(%3 %)에 있을 때 %1이(가) 중간(%4 %)보다 높습니다. 긴 컨텍스트의 중간 정보가 가장 덜 쓰입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="64"/>
        <source>Recency rather than a U: %1 rises towards the end (first %2 %, last %3 %). This model mostly uses the records just before the question — small models often show this instead of the U that large models show.</source>
        <translation>U자보다는 최신 효과입니다: %1이(가) 끝으로 갈수록 올라갑니다 (처음 %2 %, 마지막 %3 %). 이 모델은 주로 질문 바로 앞의 기록을 씁니다 — 큰 모델의 U자 대신 작은 모델에서 흔히 보이는 모습입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="68"/>
        <source>Primacy: %1 is highest for the first record (%2 %) and falls towards the end (%3 %).</source>
        <translation>초두 효과: %1이(가) 첫 기록에서 가장 높고(%2 %) 끝으로 갈수록 떨어집니다(%3 %).</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="70"/>
        <source>Roughly flat: %1 is about the same at every position (first %2 %, last %3 %). With this many trials the differences are within the intervals.</source>
        <translation>거의 평평합니다: %1이(가) 모든 위치에서 비슷합니다 (처음 %2 %, 마지막 %3 %). 이 시행 수로는 차이가 신뢰 구간 안에 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="83"/>
        <source>%1 records, about %2 tokens, %3 contexts</source>
        <translation>기록 %1개, 약 %2토큰, 문맥 %3개</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="91"/>
        <source>%1 finds the record at every position it was asked about (top-1 accuracy %2 % at positions %3–%4; %5). It shows no lost-in-the-middle effect: to see one, load a real model such as Qwen2.5-0.5B and run the lab — it tells you how long the run will take before it starts.</source>
        <translation>%1은(는) 물어본 모든 위치에서 기록을 찾아냅니다(위치 %3–%4에서 top-1 정확도 %2 %; %5). 중간 소실 효과가 나타나지 않으므로, 효과를 보려면 Qwen2.5-0.5B 같은 실제 모델을 불러와 실험을 실행하세요. 시작하기 전에 얼마나 걸릴지 알려 줍니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="100"/>
        <source>From the evaluation data of %1 (%2): %3</source>
        <translation>%1의 평가 데이터(%2): %3</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="104"/>
        <source>To see the U, load a real model such as Qwen2.5-0.5B and run the lab — it tells you how long the run will take before it starts.</source>
        <translation>U자를 보려면 Qwen2.5-0.5B 같은 실제 모델을 불러와 실험을 실행하세요. 시작하기 전에 얼마나 걸릴지 알려 줍니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="110"/>
        <source>under a second</source>
        <translation>1초 미만</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="111"/>
        <source>about %1 s</source>
        <translation>약 %1초</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="112"/>
        <source>about %1 min</source>
        <translation>약 %1분</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="113"/>
        <source>about %1 h</source>
        <translation>약 %1시간</translation>
    </message>
    <message>
        <source>position of the record asked for (shaded: 95 % interval)</source>
        <translation type="vanished">물어본 기록의 위치 (음영: 95 % 구간)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="23"/>
        <source>This model guesses: it gives the right value about the same probability as any other value (P(correct) ≈ %1 %, chance %2 %), so it has not learned to look the record up and there is no position effect in its answers.</source>
        <translation>이 모델은 찍고 있습니다: 맞는 값에 다른 값과 비슷한 확률을 줍니다 (P(정답) ≈ %1 %, 우연 %2 %). 기록을 찾아보는 법을 배우지 못했으므로 답에 위치 효과가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/litm_view_text.cpp" line="29"/>
        <source>Where it looks is not flat, though: attention from the question onto the record grows from %1 % (first) to %2 % (last) — a recency bias.</source>
        <translation>그래도 바라보는 곳은 고르지 않습니다: 질문에서 기록으로 가는 어텐션이 %1 %(처음)에서 %2 %(마지막)로 커집니다 — 최신 편향입니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::LogitLensView</name>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="97"/>
        <source>Colour by:</source>
        <translation>색 기준:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="98"/>
        <source>probability of the top token</source>
        <translation>1위 토큰의 확률</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="99"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="106"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="165"/>
        <source>entropy (bits)</source>
        <translation>엔트로피 (비트)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="100"/>
        <source>Each row stops the model after one more layer and asks: what would it predict now? (residual → final norm → output projection). Each cell shows the top token; dark = confident. Read a column from top to bottom to see where the prediction forms. One column per step of the loop; click a column for details.</source>
        <translation>각 행은 모델을 한 층 더 지난 뒤 멈추고 묻습니다: 지금이라면 무엇을 예측할까? (잔차 → 최종 정규화 → 출력 투영). 각 칸은 1위 토큰이며 진할수록 확신이 큽니다. 열을 위에서 아래로 읽으면 예측이 어디서 만들어지는지 보입니다. 루프의 단계마다 열이 하나이며, 열을 클릭하면 자세히 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="104"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="120"/>
        <source>Layer</source>
        <translation>층</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="104"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="121"/>
        <source>Top token</source>
        <translation>1위 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="104"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="106"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="165"/>
        <source>p(top token)</source>
        <translation>p(1위 토큰)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="120"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="194"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="225"/>
        <source>embedding</source>
        <translation>임베딩</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="194"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="220"/>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="225"/>
        <source>layer %1</source>
        <translation>%1층</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="207"/>
        <source>Generate a few tokens: each step adds a column.</source>
        <translation>토큰을 몇 개 생성하세요. 단계마다 열이 하나씩 늘어납니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="217"/>
        <source>Position %1: the final prediction “%2” is already the top token from %3 on.</source>
        <translation>위치 %1: 최종 예측 토큰 “%2”이(가) %3부터 이미 1위입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="220"/>
        <source>the embedding</source>
        <translation>임베딩</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/logit_lens_view.cpp" line="221"/>
        <source>Sampled: “%1”.</source>
        <translation>뽑힌 토큰: “%1”.</translation>
    </message>
</context>
<context>
    <name>ts::ui::MainWindow</name>
    <message>
        <source>Export &amp;lesson as PDF…</source>
        <translation>수업을 PDF로 내보내기(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="242"/>
        <source>About Tokenscope</source>
        <translation>Tokenscope 정보</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="243"/>
        <source>&lt;p&gt;&lt;b&gt;Tokenscope&lt;/b&gt; runs a GPT-style model on your computer and shows each stage of next-token prediction: tokenizing, embedding, self-attention, the softmax distribution and sampling — and the autoregressive loop that feeds each chosen token back in.&lt;/p&gt;&lt;p&gt;The model does not know the answer; it computes how likely each next token is, and one is drawn.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Tokenscope&lt;/b&gt;는 GPT 방식의 모델을 이 컴퓨터에서 직접 실행하며 다음 토큰 예측의 각 단계를 보여 줍니다: 토크나이징, 임베딩, 셀프 어텐션, 확률 분포 생성(Softmax), 샘플링 — 그리고 선택된 토큰을 다시 입력으로 넣는 자기회귀 루프.&lt;/p&gt;&lt;p&gt;모델은 정답을 아는 것이 아니라, 다음 토큰이 될 확률을 계산할 뿐이며 그중 하나가 뽑힙니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="335"/>
        <source>Could not open the model</source>
        <translation>모델을 열 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="336"/>
        <source>Choose a folder with config.json and model.safetensors (and vocab.json + merges.txt or tokenizer.json for text prompts). The previous model stays loaded.</source>
        <translation>config.json과 model.safetensors가 있는 폴더를 고르세요 (문장 프롬프트를 쓰려면 vocab.json + merges.txt 또는 tokenizer.json도 필요합니다). 이전 모델은 그대로 유지됩니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="353"/>
        <location filename="../../ui/shell/main_window.cpp" line="358"/>
        <location filename="../../ui/shell/main_window.cpp" line="554"/>
        <location filename="../../ui/shell/main_window.cpp" line="572"/>
        <source>Tokenscope</source>
        <translation>Tokenscope</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="358"/>
        <source>Tokenscope — %1</source>
        <translation>Tokenscope — %1</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="359"/>
        <source>Controls</source>
        <translation>조작</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="360"/>
        <source>Timeline</source>
        <translation>타임라인</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="365"/>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="366"/>
        <source>&amp;Open model folder…</source>
        <translation>모델 폴더 열기(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="367"/>
        <source>Open model &amp;file (GGUF)…</source>
        <translation>모델 파일 열기(&amp;F) (GGUF)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="368"/>
        <source>Open &amp;transcript…</source>
        <translation>기록 열기(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="369"/>
        <source>&amp;Save transcript…</source>
        <translation>기록 저장(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="370"/>
        <source>Continue past end of text</source>
        <translation>글 끝 토큰 뒤에도 계속 생성</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="371"/>
        <source>Keep generating after the model draws its end-of-text token</source>
        <translation>모델이 글 끝 토큰을 뽑은 뒤에도 계속 생성합니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="372"/>
        <source>Export current view as &amp;PNG or SVG…</source>
        <translation>현재 화면을 PNG 또는 SVG로 내보내기(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="373"/>
        <source>Export distribution as CSV…</source>
        <translation>확률 분포를 CSV로 내보내기…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="374"/>
        <source>Export distribution as JSON…</source>
        <translation>확률 분포를 JSON으로 내보내기…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="375"/>
        <source>Export attention as CSV…</source>
        <translation>어텐션을 CSV로 내보내기…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="376"/>
        <source>Export attention as JSON…</source>
        <translation>어텐션을 JSON으로 내보내기…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="377"/>
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="378"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="379"/>
        <source>&amp;Presentation mode (larger text)</source>
        <translation>발표 모드(큰 글씨)(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="380"/>
        <source>Enlarge all text for a projector; press F5 again to go back</source>
        <translation>프로젝터용으로 모든 글씨를 키웁니다. F5를 다시 누르면 돌아옵니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="382"/>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="383"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="384"/>
        <source>&amp;About Tokenscope</source>
        <translation>Tokenscope 정보(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="496"/>
        <source>Loading %1…</source>
        <translation>%1 불러오는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="533"/>
        <source>Model loaded with warnings: %1</source>
        <translation>모델을 불러왔지만 경고가 있습니다: %1</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="554"/>
        <location filename="../../ui/shell/main_window.cpp" line="572"/>
        <source>No model is loaded.</source>
        <translation>불러온 모델이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="554"/>
        <location filename="../../ui/shell/main_window.cpp" line="572"/>
        <source>Choose a model in the toolbar first.</source>
        <translation>먼저 도구 모음에서 모델을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="803"/>
        <source>Loading model…</source>
        <translation>모델 불러오는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="803"/>
        <source>No model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="808"/>
        <source>%1 · %2 parameters · %3 layers × %4 heads · vocabulary %5%6</source>
        <translation>%1 · 매개변수 %2개 · %3층 × 헤드 %4개 · 어휘 %5%6</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="814"/>
        <source> · no tokenizer</source>
        <translation> · 토크나이저 없음</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="821"/>
        <source>Context %1 / %2 tokens · step %3 of %4</source>
        <translation>컨텍스트 %1 / %2 토큰 · %3 / %4단계</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/shell/main_window.cpp" line="828"/>
        <source>%n oldest step(s) keep only a summary (history memory budget)</source>
        <translation>
            <numerusform>가장 오래된 %n단계는 요약만 남음 (기록 메모리 한도)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="833"/>
        <source>Export view</source>
        <translation>화면 내보내기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="834"/>
        <source>PNG image (*.png);;SVG vector image (*.svg)</source>
        <translation>PNG 이미지 (*.png);;SVG 벡터 이미지 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="882"/>
        <source>There are no steps to export yet.</source>
        <translation>아직 내보낼 단계가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="923"/>
        <source>Transcript made with another model</source>
        <translation>다른 모델로 만든 기록</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="960"/>
        <source>%1 (%2, %3 layers, vocabulary %4)</source>
        <translation>%1 (%2, 레이어 %3개, 어휘 %4개)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="966"/>
        <source>the model it was made with</source>
        <translation>이 기록을 만든 모델</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="969"/>
        <source>Transcript “%1”, shown as recorded: no model is loaded, so there is no attention, distribution or embedding to show, only the tokens and their recorded probabilities. Load %2 to continue it.</source>
        <translation>기록 “%1”을(를) 저장된 그대로 보여 줍니다. 불러온 모델이 없어 어텐션, 확률 분포, 임베딩은 볼 수 없고 토큰과 기록된 확률만 보입니다. 이어서 생성하려면 %2을(를) 불러오세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="974"/>
        <source>Transcript “%1”, shown as recorded: it was made with %2, but the loaded model is %3, which would give other numbers. Load %2 to continue it, or press Step to run its prompt with the loaded model.</source>
        <translation>기록 “%1”을(를) 저장된 그대로 보여 줍니다. 이 기록은 %2(으)로 만들었는데, 지금 불러온 모델 %3은(는) 다른 값을 냅니다. 이어서 생성하려면 %2을(를) 불러오고, 불러온 모델로 같은 프롬프트를 실행하려면 ‘한 단계’를 누르세요.</translation>
    </message>
    <message>
        <source>Load the model the transcript was made with, then open it again.</source>
        <translation type="vanished">기록을 만든 모델을 불러온 뒤 다시 여세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="900"/>
        <source>Could not open the transcript</source>
        <translation>기록을 열 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="188"/>
        <location filename="../../ui/shell/main_window.cpp" line="837"/>
        <location filename="../../ui/shell/main_window.cpp" line="854"/>
        <location filename="../../ui/shell/main_window.cpp" line="869"/>
        <source>Export failed</source>
        <translation>내보내기 실패</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="179"/>
        <source>Open transcript</source>
        <translation>기록 열기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="180"/>
        <location filename="../../ui/shell/main_window.cpp" line="185"/>
        <source>Transcript (*.json)</source>
        <translation>기록 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="185"/>
        <source>Save transcript</source>
        <translation>기록 저장</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="837"/>
        <source>Could not write %1.</source>
        <translation>%1에 쓸 수 없습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="842"/>
        <location filename="../../ui/shell/main_window.cpp" line="859"/>
        <source>Nothing to export</source>
        <translation>내보낼 내용이 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="842"/>
        <location filename="../../ui/shell/main_window.cpp" line="859"/>
        <source>Run a step first.</source>
        <translation>먼저 한 단계를 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="846"/>
        <source>Export distribution</source>
        <translation>확률 분포 내보내기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="847"/>
        <location filename="../../ui/shell/main_window.cpp" line="864"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="847"/>
        <location filename="../../ui/shell/main_window.cpp" line="864"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="863"/>
        <source>Export attention</source>
        <translation>어텐션 내보내기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="363"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="364"/>
        <source>Stop loading this model; the previous one stays</source>
        <translation>이 모델 불러오기를 멈춥니다. 이전 모델은 그대로 남습니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="289"/>
        <source>Lesson ended: your prompt and settings are back.</source>
        <translation>수업이 끝났습니다. 원래의 프롬프트와 설정으로 돌아왔습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="362"/>
        <source>Lesson</source>
        <translation>수업</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="697"/>
        <source>What if: branching from step %1 with “%2” instead of “%3”</source>
        <translation>만약에: %1단계에서 “%3” 대신 “%2” 토큰으로 분기합니다</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window.cpp" line="820"/>
        <source>Context %1 / %2 tokens</source>
        <translation>컨텍스트 %1 / %2 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/shell/main_window_interventions.cpp" line="1"/>
        <source>Running again with the same seed and steps: %1</source>
        <translation>같은 시드와 단계 수로 다시 실행합니다: %1</translation>
    </message>
    <message>
        <source>&amp;Presentation mode (projector)</source>
        <translation>발표 모드(프로젝터)(&amp;P)</translation>
    </message>
    <message>
        <source>One slim toolbar and a large central view for a projector; press F5 again to go back</source>
        <translation>프로젝터용: 얇은 도구 모음 하나와 큰 가운데 화면. F5를 다시 누르면 돌아갑니다</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1에 연결하는 중…</translation>
    </message>
    <message>
        <source>Could not connect to the server</source>
        <translation>서버에 연결하지 못했습니다</translation>
    </message>
    <message>
        <source>Check the address (http://HOST:PORT) and that the server is running. The model loaded before stays loaded.</source>
        <translation>주소(http://HOST:PORT)와 서버가 실행 중인지 확인하세요. 이전에 불러온 모델은 그대로 남아 있습니다.</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>%1에 연결했습니다</translation>
    </message>
    <message>
        <source>whole distribution per step</source>
        <translation>단계마다 분포 전체</translation>
    </message>
    <message>
        <source>top %1 per step + the rest</source>
        <translation>단계마다 상위 %1개 + 나머지</translation>
    </message>
    <message>
        <source>%1 · %2 at %3 · vocabulary %4 · context %5 · %6</source>
        <translation>%1 · %2 (%3) · 어휘 %4 · 컨텍스트 %5 · %6</translation>
    </message>
    <message>
        <source>Server: %1%2</source>
        <translation>서버: %1%2</translation>
    </message>
    <message>
        <source>Vocabulary size from %1</source>
        <translation>어휘 크기 출처: %1</translation>
    </message>
    <message>
        <source>Tokenizer: the server&apos;s own (/tokenize)</source>
        <translation>토크나이저: 서버 자체 (/tokenize)</translation>
    </message>
    <message>
        <source>Tokenizer: none (type token ids)</source>
        <translation>토크나이저: 없음 (토큰 ID를 입력)</translation>
    </message>
    <message>
        <source>Scoring a prompt: one request (prompt logprobs)</source>
        <translation>프롬프트 점수 매기기: 요청 한 번 (프롬프트 logprob)</translation>
    </message>
    <message>
        <source>Scoring a prompt: one request per position</source>
        <translation>프롬프트 점수 매기기: 위치마다 요청 한 번</translation>
    </message>
    <message>
        <source>Not exposed by a server: attention, embeddings, hidden states</source>
        <translation>서버가 공개하지 않는 것: 어텐션, 임베딩, 은닉 상태</translation>
    </message>
</context>
<context>
    <name>ts::ui::ModelChooser</name>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="75"/>
        <source>Open model folder (config.json + model.safetensors)</source>
        <translation>모델 폴더 열기 (config.json + model.safetensors)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="90"/>
        <source>Open model file</source>
        <translation>모델 파일 열기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="92"/>
        <source>GGUF model (*.gguf)</source>
        <translation>GGUF 모델 (*.gguf)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="134"/>
        <source>Model:</source>
        <translation>모델:</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="137"/>
        <source>Bundled model (%1)</source>
        <translation>기본 모델 (%1)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="174"/>
        <source>Get a model…</source>
        <translation>모델 받기…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="175"/>
        <source>Open model folder…</source>
        <translation>모델 폴더 열기…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="176"/>
        <source>Open model file (GGUF)…</source>
        <translation>모델 파일 열기 (GGUF)…</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>서버: %1</translation>
    </message>
    <message>
        <source>Connect to a server…</source>
        <translation>서버에 연결…</translation>
    </message>
</context>
<context>
    <name>ts::ui::ModelMenu</name>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="196"/>
        <source>&amp;Model</source>
        <translation>모델(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="197"/>
        <source>&amp;Get a model…</source>
        <translation>모델 받기(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="198"/>
        <source>&amp;Open model folder…</source>
        <translation>모델 폴더 열기(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="199"/>
        <source>Open model &amp;file (GGUF)…</source>
        <translation>모델 파일 열기(&amp;F) (GGUF)…</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="201"/>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 캐시</translation>
    </message>
    <message>
        <location filename="../../ui/shell/model_chooser.cpp" line="210"/>
        <source>(none found in %1)</source>
        <translation>(%1에 없음)</translation>
    </message>
    <message>
        <source>Connect to a &amp;server…</source>
        <translation>서버에 연결(&amp;S)…</translation>
    </message>
</context>
<context>
    <name>ts::ui::PipelineBar</name>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="29"/>
        <source>1 Tokenizing</source>
        <translation>1 토크나이징</translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="30"/>
        <source>2 Embedding</source>
        <translation>2 임베딩</translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="31"/>
        <source>3 Self-attention</source>
        <translation>3 셀프 어텐션</translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="32"/>
        <source>4 Softmax</source>
        <translation>4 확률 분포 생성 (Softmax)</translation>
    </message>
    <message>
        <location filename="../../ui/shell/pipeline_bar.cpp" line="33"/>
        <source>5 Sampling</source>
        <translation>5 샘플링</translation>
    </message>
</context>
<context>
    <name>ts::ui::PrecisionView</name>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="210"/>
        <source>Add model files</source>
        <translation>모델 파일 추가</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="211"/>
        <source>GGUF model (*.gguf)</source>
        <translation>GGUF 모델 (*.gguf)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="218"/>
        <source>Add a model folder</source>
        <translation>모델 폴더 추가</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="231"/>
        <source>(no model loaded)</source>
        <translation>(불러온 모델 없음)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="232"/>
        <source>%1 (loaded, the reference)</source>
        <translation>%1 (불러온 모델, 기준)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="244"/>
        <source>Add the same model in another precision first (Add file… or Add folder…).</source>
        <translation>먼저 같은 모델의 다른 정밀도를 추가하세요 (파일 추가… 또는 폴더 추가…).</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="255"/>
        <source>Type a prompt first.</source>
        <translation>먼저 프롬프트를 입력하세요.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/precision_view.cpp" line="265"/>
        <source>Loading %n model(s) and comparing…</source>
        <translation>
            <numerusform>모델 %n개를 불러와 비교하는 중…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="309"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="309"/>
        <source>Token</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="312"/>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/precision_view.cpp" line="335"/>
        <source>&lt;b&gt;Free-running:&lt;/b&gt; all precisions write the same %n token(s).</source>
        <translation>
            <numerusform>&lt;b&gt;자유 생성:&lt;/b&gt; 모든 정밀도가 같은 토큰 %n개를 씁니다.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="337"/>
        <source>&lt;b&gt;Free-running:&lt;/b&gt; the texts part at generated token %1.</source>
        <translation>&lt;b&gt;자유 생성:&lt;/b&gt; 생성된 %1번째 토큰에서 글이 갈라집니다.</translation>
    </message>
    <message>
        <source>Run a comparison to see each precision&apos;s probability of every token.</source>
        <translation type="vanished">비교를 실행하면 정밀도마다 각 토큰의 확률이 보입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="383"/>
        <source>token position</source>
        <translation>토큰 위치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="407"/>
        <source>bits</source>
        <translation>비트</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="407"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>What each precision saves: the loaded model&apos;s weights. Compare to see what it costs, token by token.</source>
        <translation type="vanished">정밀도마다 아끼는 것: 불러온 모델의 가중치 크기. 비교를 실행하면 토큰마다 치르는 대가가 보입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="441"/>
        <source>%1 · %2 bits</source>
        <translation>%1 · %2비트</translation>
    </message>
    <message>
        <source>MB of weights (%1 million parameters)</source>
        <translation type="vanished">가중치 MB (매개변수 %1백만 개)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="420"/>
        <source>What each precision saves: the loaded model&apos;s weights.&lt;br&gt;Compare to see what it costs, token by token.</source>
        <translation>정밀도마다 아끼는 것: 불러온 모델의 가중치 크기.&lt;br&gt;비교를 실행하면 토큰마다 치르는 대가가 보입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="430"/>
        <source>stored</source>
        <translation>저장 크기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="433"/>
        <source>saved against F32</source>
        <translation>F32 대비 절약</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="466"/>
        <source>MB, %1 M weights</source>
        <translation>MB (가중치 %1백만 개)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="475"/>
        <source>The same model in several precisions. The loaded model continues the prompt; every precision scores exactly those tokens, so the difference per token is what precision costs. Then each writes on its own.</source>
        <translation>같은 모델을 여러 정밀도로 비교합니다. 불러온 모델이 프롬프트를 이어 쓰고, 모든 정밀도가 바로 그 토큰들에 점수를 매기므로 토큰마다의 차이가 곧 정밀도의 대가입니다. 그다음 각자 스스로 이어 씁니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="478"/>
        <source>Precisions to compare:</source>
        <translation>비교할 정밀도:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="479"/>
        <source>Add file…</source>
        <translation>파일 추가…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="480"/>
        <source>A GGUF file of the same model (Q8_0, Q4_K_M, F16, …)</source>
        <translation>같은 모델의 GGUF 파일 (Q8_0, Q4_K_M, F16, …)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="481"/>
        <source>Add folder…</source>
        <translation>폴더 추가…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="482"/>
        <source>A Hugging Face folder of the same model in another dtype</source>
        <translation>다른 자료형으로 저장된 같은 모델의 Hugging Face 폴더</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="483"/>
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="484"/>
        <source>Prompt</source>
        <translation>프롬프트</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="485"/>
        <source>Tokens</source>
        <translation>토큰 수</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="486"/>
        <source>Compare</source>
        <translation>비교</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="487"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>Stored as</source>
        <translation>저장 형식</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>MB/token</source>
        <translation>MB/토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="488"/>
        <source>Perplexity</source>
        <translation>퍼플렉서티</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="489"/>
        <source>Largest Δp</source>
        <translation>최대 Δp</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="489"/>
        <source>Same top-1</source>
        <translation>1순위 일치</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="491"/>
        <source>&lt;b&gt;How each format stores a weight&lt;/b&gt;&lt;br&gt;&lt;b&gt;F32&lt;/b&gt;: 32 bits: a sign, 8 bits of exponent, 23 of fraction.&lt;br&gt;&lt;b&gt;F16&lt;/b&gt;: 16 bits: a sign, 5 of exponent, 10 of fraction (&lt;b&gt;BF16&lt;/b&gt;: 8 and 7).&lt;br&gt;&lt;b&gt;Q8_0&lt;/b&gt;: blocks of 32 weights, each an 8-bit integer, and one F16 scale for the block: (32 × 8 + 16) / 32 = 8.5 bits a weight.&lt;br&gt;&lt;b&gt;Q4_0&lt;/b&gt;: the same with 4-bit integers: (32 × 4 + 16) / 32 = 4.5 bits a weight.</source>
        <translation>&lt;b&gt;형식별로 가중치 하나를 저장하는 방법&lt;/b&gt;&lt;br&gt;&lt;b&gt;F32&lt;/b&gt;: 32비트: 부호 1비트, 지수 8비트, 가수 23비트.&lt;br&gt;&lt;b&gt;F16&lt;/b&gt;: 16비트: 부호 1비트, 지수 5비트, 가수 10비트 (&lt;b&gt;BF16&lt;/b&gt;: 지수 8비트, 가수 7비트).&lt;br&gt;&lt;b&gt;Q8_0&lt;/b&gt;: 가중치 32개를 한 블록으로 묶어 각각 8비트 정수로, 블록마다 F16 스케일 하나를 더해 저장: (32 × 8 + 16) / 32 = 가중치당 8.5비트.&lt;br&gt;&lt;b&gt;Q4_0&lt;/b&gt;: 같은 방식에 4비트 정수: (32 × 4 + 16) / 32 = 가중치당 4.5비트.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="497"/>
        <source>Show:</source>
        <translation>보기:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="498"/>
        <source>probability of each token (all score the same text)</source>
        <translation>각 토큰의 확률 (모두 같은 글에 점수)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/precision_view.cpp" line="499"/>
        <source>KL divergence from the reference (bits)</source>
        <translation>기준과의 KL 발산 (비트)</translation>
    </message>
</context>
<context>
    <name>ts::ui::ProbesView</name>
    <message>
        <source>The probabilities shown were computed with it.</source>
        <translation>보이는 확률은 이것을 적용해 계산했습니다.</translation>
    </message>
    <message>
        <source>seen</source>
        <translation>학습에서 본</translation>
    </message>
    <message>
        <source>held-out</source>
        <translation>제외된</translation>
    </message>
    <message>
        <source>capital</source>
        <translation>수도</translation>
    </message>
    <message>
        <source>seat of government</source>
        <translation>정부 소재지</translation>
    </message>
    <message>
        <source>river</source>
        <translation>강</translation>
    </message>
    <message>
        <source>language</source>
        <translation>언어</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Green: the answer is the true one.</source>
        <translation>초록: 참인 답입니다.</translation>
    </message>
    <message>
        <source>Red: the answer is not the true one, however confident.</source>
        <translation>빨강: 아무리 자신 있어도 참인 답이 아닙니다.</translation>
    </message>
    <message>
        <source>Textbook world in Korean (bundled model)</source>
        <translation>교과서 세계, 한국어 (기본 모델)</translation>
    </message>
    <message>
        <source>Textbook world in English (bundled model)</source>
        <translation>교과서 세계, 영어 (기본 모델)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="238"/>
        <source>Open…</source>
        <translation>열기…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="239"/>
        <source>Save as…</source>
        <translation>다른 이름으로 저장…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="240"/>
        <source>Add probe</source>
        <translation>검사 추가</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="241"/>
        <source>Run probes</source>
        <translation>검사 실행</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="242"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="243"/>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>Group</source>
        <translation>그룹</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="243"/>
        <source>Prompt</source>
        <translation>프롬프트</translation>
    </message>
    <message>
        <source>True answer</source>
        <translation type="vanished">참인 답</translation>
    </message>
    <message>
        <source>False answers (| separated)</source>
        <translation type="vanished">거짓 답 (|로 구분)</translation>
    </message>
    <message>
        <source>Model&apos;s own next token</source>
        <translation type="vanished">모델 스스로의 다음 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="245"/>
        <source>Verdict</source>
        <translation>판정</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="307"/>
        <source>Open probe set</source>
        <translation>검사 세트 열기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="308"/>
        <location filename="../../ui/classroom/probes_view.cpp" line="322"/>
        <source>Probe sets (*.json)</source>
        <translation>검사 세트 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="321"/>
        <source>Save probe set</source>
        <translation>검사 세트 저장</translation>
    </message>
    <message>
        <source>Load a model with a tokenizer first.</source>
        <translation type="vanished">먼저 토크나이저가 있는 모델을 불러오세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="410"/>
        <source>P(true) = %1</source>
        <translation>P(참) = %1</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="411"/>
        <source>P(false) = %1</source>
        <translation>P(거짓) = %1</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="423"/>
        <source>true wins</source>
        <translation>참이 이김</translation>
    </message>
    <message>
        <source>a false answer wins</source>
        <translation type="vanished">거짓 답이 이김</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/probes_view.cpp" line="654"/>
        <source>%n probe(s). Press “Run probes”.</source>
        <translation>
            <numerusform>검사 %n개. “검사 실행”을 누르세요.</numerusform>
        </translation>
    </message>
    <message>
        <source>all</source>
        <translation type="vanished">전체</translation>
    </message>
    <message>
        <source>%1: true answer wins %2 of %3</source>
        <translation type="vanished">%1: 참인 답이 %3번 중 %2번 이김</translation>
    </message>
    <message>
        <source>On held-out facts the model still puts on average %1 % on its own top answer — an answer it cannot know: a hallucination.</source>
        <translation type="vanished">학습 때 보지 못한 사실에도 모델은 자신의 1위 답에 평균 %1 %를 겁니다 — 알 수 없는 답, 즉 환각입니다.</translation>
    </message>
    <message>
        <source>P(true) / P(best false), log scale</source>
        <translation type="vanished">P(참) / P(가장 높은 거짓), 로그 눈금</translation>
    </message>
    <message>
        <source>Each prompt has one true and several false continuations. Green bar: the probability of the true one; red bar: the most probable false one (log scale: each tenth of the bar is a factor of 10). The model never looks anything up — for facts it did not see in training (held-out) it still answers, often just as confidently. Cells are editable; save the set as JSON.</source>
        <translation type="vanished">각 프롬프트에는 참인 이어짐 하나와 거짓인 이어짐 여러 개가 있습니다. 초록 막대: 참인 답의 확률, 빨간 막대: 가장 확률 높은 거짓 답 (로그 눈금: 막대의 10분의 1마다 10배). 모델은 아무것도 찾아보지 않습니다 — 학습 때 보지 못한 사실(held-out)에도 대답하며, 흔히 똑같이 자신 있게 답합니다. 칸은 편집할 수 있고, 세트는 JSON으로 저장됩니다.</translation>
    </message>
    <message>
        <source>Model&apos;s own answer</source>
        <translation type="vanished">모델 스스로의 답</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="243"/>
        <source>True</source>
        <translation>참</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="244"/>
        <source>False (| between)</source>
        <translation>거짓 (|로 구분)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="244"/>
        <source>Model&apos;s answer</source>
        <translation>모델의 답</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="245"/>
        <source>P(true) green, P(best false) red</source>
        <translation>P(참) 초록, P(가장 높은 거짓) 빨강</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="246"/>
        <source>Each prompt has one true and several false continuations. Green bar: the probability of the true one; red bar: the most probable false one, on a log axis (each tick is a factor of 100). The model never looks anything up — for facts it did not see in training (held-out) it still answers, often just as confidently. Cells are editable; save the set as JSON.</source>
        <translation>프롬프트마다 참인 이어 쓰기 하나와 거짓인 이어 쓰기 여럿이 있습니다. 초록 막대는 참인 답의 확률, 빨간 막대는 가장 확률이 높은 거짓 답의 확률이며 로그 축 위에 그립니다(눈금 하나가 100배). 모델은 아무것도 찾아보지 않습니다. 훈련 때 보지 못한 사실(held-out)에도 여전히, 흔히 똑같이 자신 있게 답합니다. 칸은 고칠 수 있고, 세트는 JSON으로 저장할 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="251"/>
        <source>Show:</source>
        <translation>표시:</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="255"/>
        <source>All probes, held-out first</source>
        <translation>모든 문항(보지 못한 사실 먼저)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="255"/>
        <source>Held-out only</source>
        <translation>보지 못한 사실만</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="255"/>
        <source>Confident inventions only</source>
        <translation>자신 있게 지어낸 답만</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>Language</source>
        <translation>언어</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>Probes</source>
        <translation>문항 수</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="257"/>
        <source>True beats false</source>
        <translation>참이 거짓보다 높음</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="258"/>
        <source>Top-1 accuracy</source>
        <translation>1위 정확도</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="258"/>
        <source>Mean confidence</source>
        <translation>평균 확신도</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="258"/>
        <source>Confident inventions</source>
        <translation>자신 있는 오답</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="260"/>
        <source>The model&apos;s own answer is not the true one, and it gives that answer at least %1 %.</source>
        <translation>모델 스스로의 답이 참이 아닌데도 그 답에 %1 % 이상을 겁니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="270"/>
        <source>Textbook world (bundled model)</source>
        <translation>교과서 세계 (기본 모델)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="418"/>
        <source>The model&apos;s own answer: its greedy continuation up to the end of the word, past function words such as “a” or “in”; %1 is the probability of the whole answer.</source>
        <translation>모델 자신의 답: 탐욕적으로 이어 쓴 글을 단어 끝까지 읽은 것으로, “a”, “in” 같은 기능어는 건너뜁니다. %1은 답 전체의 확률입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="423"/>
        <source>false wins</source>
        <translation>거짓이 이김</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="547"/>
        <source>Korean</source>
        <translation>한국어</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="547"/>
        <source>English</source>
        <translation>영어</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="577"/>
        <source>held-out (never seen)</source>
        <translation>보지 못한 사실(held-out)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="578"/>
        <source>seen in training</source>
        <translation>훈련 때 본 사실</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="666"/>
        <source>The true answer beats every false one in %1 of %2 probes.</source>
        <translation>%2개 문항 중 %1개에서 참인 답이 모든 거짓 답보다 확률이 높습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/probes_view.cpp" line="667"/>
        <source>On held-out facts, which the model never saw, its own answer is right %1 of %2 times, yet it puts on average %3 % on it; %4 of them are confident inventions (%5 % or more on a wrong answer). That is a hallucination.</source>
        <translation>모델이 한 번도 보지 못한 사실에서 스스로의 답은 %2번 중 %1번만 맞는데도, 그 답에 평균 %3 %를 겁니다. 그중 %4개는 자신 있게 지어낸 답입니다(틀린 답에 %5 % 이상). 이것이 환각입니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::SamplingView</name>
    <message>
        <source>Without the interventions the same draw gives “%1”.</source>
        <translation>개입 없이 같은 뽑기를 하면 “%1” 토큰이 나옵니다.</translation>
    </message>
    <message>
        <source>Ban “%1” from this step on</source>
        <translation>이 단계부터 “%1” 금지</translation>
    </message>
    <message>
        <source>Raise “%1” (logit +2)</source>
        <translation>“%1” 올리기 (로짓 +2)</translation>
    </message>
    <message>
        <source>Lower “%1” (logit −2)</source>
        <translation>“%1” 내리기 (로짓 −2)</translation>
    </message>
    <message>
        <source>(before %1)</source>
        <translation>(개입 전 %1)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="206"/>
        <source>Run a step: the drawn token is appended to the text and fed back in.</source>
        <translation>한 단계를 실행하세요: 뽑힌 토큰이 문장 끝에 붙어 다시 입력으로 들어갑니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="233"/>
        <source>Step %1: the drawn token (highlighted) is appended to the text</source>
        <translation>%1단계: 뽑힌 토큰(강조 표시)이 문장 끝에 붙습니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="195"/>
        <source>Autoregressive loop: “%1” is appended to the input and step %2 begins</source>
        <translation>자기회귀 루프: “%1” 토큰이 입력 끝에 붙고 %2단계가 시작됩니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="179"/>
        <source>“%1” marks the end of the text: the loop stops here.</source>
        <translation>“%1” 토큰은 글의 끝을 뜻합니다: 루프가 여기서 멈춥니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="181"/>
        <source>The context is full (%1 tokens): “%2” cannot be read, and the loop stops here.</source>
        <translation>문맥이 가득 찼습니다(%1 토큰). “%2” 토큰은 더 읽을 수 없고, 루프는 여기서 멈춥니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="186"/>
        <source>Autoregressive loop: “%1” was appended to the input and step %2 began</source>
        <translation>자기회귀 루프: “%1” 토큰이 입력 끝에 붙고 %2단계가 시작되었습니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="192"/>
        <source>Autoregressive loop: “%1” is appended to the input; Step or Run begins step %2</source>
        <translation>자기회귀 루프: “%1” 토큰이 입력 끝에 붙습니다. ‘한 단계’나 ‘실행’을 누르면 %2단계가 시작됩니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="302"/>
        <source>From scores to probabilities: logits → divided by the temperature → softmax</source>
        <translation>점수에서 확률로: 로짓 → 온도로 나누기 → 소프트맥스</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="367"/>
        <source>logits → ÷ temperature → softmax</source>
        <translation>로짓 → ÷ 온도 → 소프트맥스</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="305"/>
        <source>logit ÷ %1</source>
        <translation>로짓 ÷ %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="306"/>
        <source>temperature 0: the largest wins</source>
        <translation>온도 0: 가장 큰 값이 이김</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="307"/>
        <source>logit</source>
        <translation>로짓</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="309"/>
        <source>probability (softmax)</source>
        <translation>확률 (소프트맥스)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="356"/>
        <source>max</source>
        <translation>최댓값</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="370"/>
        <source>%1 · cut by top-k/top-p</source>
        <translation>%1 · top-k/top-p로 제외</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="407"/>
        <source>The draw: temperature 0 takes the most likely token, no random number</source>
        <translation>뽑기: 온도 0에서는 난수 없이 가장 확률 높은 토큰을 고릅니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="408"/>
        <source>The draw: a random number u between 0 and 1 lands in the cumulative probabilities</source>
        <translation>뽑기: 0과 1 사이의 난수 u가 누적 확률 막대의 한 곳에 떨어집니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="412"/>
        <source>drawn at temperature %1</source>
        <translation>온도 %1에서 뽑음</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="413"/>
        <source> · top-k %1</source>
        <translation> · top-k %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="414"/>
        <source> · top-p %1</source>
        <translation> · top-p %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="415"/>
        <source> · seed %1 · tokens in vocabulary order, width = probability</source>
        <translation> · 시드 %1 · 토큰은 어휘 순서, 폭 = 확률</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="489"/>
        <source>Drawn: “%1” (the most likely token)</source>
        <translation>뽑힌 토큰: “%1” (가장 확률 높은 토큰)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="491"/>
        <source>Chosen by hand (what if): “%1”; u = %2 had landed on “%3”</source>
        <translation>직접 고름(만약에): “%1”. u = %2은(는) “%3” 토큰에 떨어졌을 것입니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="497"/>
        <source>u = %1 lands on “%2”, which holds %3 of the bar</source>
        <translation>u = %1이(가) “%2” 토큰에 떨어졌습니다. 이 토큰이 막대의 %3를 차지합니다</translation>
    </message>
    <message>
        <location filename="../../ui/stages/sampling_view.cpp" line="506"/>
        <source>With the slider&apos;s settings the same u would pick “%1”.</source>
        <translation>슬라이더의 지금 설정이라면 같은 u가 “%1” 토큰을 고릅니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::SoftmaxView</name>
    <message>
        <source>before, without them</source>
        <translation>개입 전 (개입 없이)</translation>
    </message>
    <message>
        <source>after, with them (what-if run)</source>
        <translation>개입 후 (‘만약에’ 실행)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="133"/>
        <source>Run a step to see the probability of every possible next token.</source>
        <translation>한 단계를 실행하면 다음에 올 수 있는 모든 토큰의 확률이 보입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="145"/>
        <source>Step %1 · next-token distribution over %2 tokens</source>
        <translation>%1단계 · 토큰 %2개에 대한 다음 토큰 확률 분포</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="149"/>
        <source>temperature %1</source>
        <translation>온도 %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="150"/>
        <source> · top-k %1</source>
        <translation> · top-k %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="151"/>
        <source> · top-p %1</source>
        <translation> · top-p %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="153"/>
        <source>%1 · entropy %2 bits · %3 tokens can be drawn</source>
        <translation>%1 · 엔트로피 %2비트 · 뽑힐 수 있는 토큰 %3개</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="159"/>
        <source>Drawn: %1 — rank %2, probability %3%</source>
        <translation>뽑힌 토큰: %1 — %2위, 확률 %3%</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="164"/>
        <source>re-rendered from stored logits in %1 ms</source>
        <translation>저장된 로짓으로 %1 ms 만에 다시 그림</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="203"/>
        <source>candidate</source>
        <translation>후보</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="228"/>
        <source>log scale: each line is ten times less likely</source>
        <translation>로그 눈금: 선 하나마다 확률이 10분의 1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="228"/>
        <source>log scale, at temperature 1</source>
        <translation>로그 눈금, 온도 1에서</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="243"/>
        <source>cumulative, at temperature 1</source>
        <translation>누적 확률, 온도 1에서</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="243"/>
        <source>cumulative: what top-p cuts at</source>
        <translation>누적 확률: top-p가 자르는 기준</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="297"/>
        <source>top-k / top-p cut-off</source>
        <translation>top-k / top-p 경계</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="316"/>
        <source>Token %1 · probability %2% · after top-k/top-p %3%
Click: what if the model had drawn this token? (branches the session from this step)</source>
        <translation>토큰 %1 · 확률 %2% · top-k/top-p 적용 후 %3%
클릭: 모델이 이 토큰을 뽑았다면? (이 단계에서 세션을 분기합니다)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="287"/>
        <source>Click a bar: what if the model had drawn that token? The session branches from this step.</source>
        <translation>막대를 클릭하세요: 모델이 그 토큰을 뽑았다면? 이 단계에서 세션이 분기합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="1"/>
        <source>Ban “%1” from this step on</source>
        <translation>이 단계부터 “%1” 금지</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="1"/>
        <source>Raise “%1” (logit +2)</source>
        <translation>“%1” 올리기 (로짓 +2)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/softmax_view.cpp" line="1"/>
        <source>Lower “%1” (logit −2)</source>
        <translation>“%1” 내리기 (로짓 −2)</translation>
    </message>
    <message>
        <source>No token has under 0.01 %: every one that can be drawn is at least that likely.</source>
        <translation>0.01 % 미만인 토큰은 없습니다. 뽑힐 수 있는 토큰은 모두 그 이상의 확률을 가집니다.</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) under 0.01 % each hold %1 % of the draw together: why a rare token sometimes comes up.</source>
        <translation>
            <numerusform>각각 0.01 % 미만인 토큰 %n개가 합쳐서 뽑기의 %1 %를 차지합니다. 드문 토큰이 가끔 나오는 이유입니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fixed 0–100 % axis</source>
        <translation>0–100 % 고정 축</translation>
    </message>
    <message>
        <source>rest of the vocabulary</source>
        <translation>나머지 어휘</translation>
    </message>
    <message>
        <source>Top %1 from the server; the other %2 tokens, not itemised, hold %3 % together (striped bar).</source>
        <translation>서버가 준 상위 %1개. 나머지 토큰 %2개는 따로 나오지 않고 합쳐서 %3 %입니다 (빗금 막대).</translation>
    </message>
    <message>
        <source>That share is exact at temperature 1, approximate at others; sampling never draws from it.</source>
        <translation>이 몫은 온도 1에서 정확하고 다른 온도에서는 근삿값입니다. 샘플링은 여기서 뽑지 않습니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::TimelineView</name>
    <message numerus="yes">
        <location filename="../../ui/shell/timeline_view.cpp" line="61"/>
        <source>prompt (%n token(s))</source>
        <translation>
            <numerusform>프롬프트 (토큰 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="66"/>
        <source>chosen</source>
        <translation>직접 고름</translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="78"/>
        <source>summary only</source>
        <translation>요약만 남음</translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="79"/>
        <source>from file</source>
        <translation>파일에서</translation>
    </message>
    <message>
        <location filename="../../ui/shell/timeline_view.cpp" line="127"/>
        <source>Steps of the loop. Select one to inspect it in every view; click another candidate in the Softmax view to branch from it (&quot;what if&quot;).</source>
        <translation>루프의 단계들입니다. 하나를 고르면 모든 화면에서 그 단계를 볼 수 있고, 확률 분포 화면에서 다른 후보를 클릭하면 그 단계에서 분기합니다(&quot;만약에&quot;).</translation>
    </message>
</context>
<context>
    <name>ts::ui::TokenView</name>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="244"/>
        <source>Position %1 · token id %2</source>
        <translation>위치 %1 · 토큰 ID %2</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="246"/>
        <source>Prompt bytes %1–%2 (%3 bytes)</source>
        <translation>프롬프트 바이트 %1–%2 (%3바이트)</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="250"/>
        <source>Covers part of: %1</source>
        <translation>일부를 담당: %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="251"/>
        <source>Covers: %1</source>
        <translation>담당 글자: %1</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="254"/>
        <source>Drawn by sampling; the next step feeds it back in.</source>
        <translation>샘플링으로 뽑혔습니다. 다음 단계에서 다시 입력으로 들어갑니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="256"/>
        <source>Generated by the model</source>
        <translation>모델이 생성한 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="273"/>
        <source>Each card: the token, its id, and its bytes in UTF-8 (hexadecimal; the bytes of one character together).</source>
        <translation>각 카드: 토큰, 그 ID, 그리고 UTF-8 바이트(16진수, 한 글자의 바이트는 함께 묶음).</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="574"/>
        <source>Type a prompt and press Step: the text is cut into tokens, the units the model reads.</source>
        <translation>프롬프트를 입력하고 [한 단계]를 누르세요. 문장이 모델이 읽는 단위인 토큰으로 나뉩니다.</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="575"/>
        <source>Prompt: %1 characters · %2 bytes (UTF-8) · %3 tokens</source>
        <translation>프롬프트: %1글자 · %2바이트 (UTF-8) · 토큰 %3개</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="580"/>
        <source> → %1 tokens per character</source>
        <translation> → 글자당 토큰 %1개</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="583"/>
        <source>Context: %1 of %2 tokens</source>
        <translation>컨텍스트: %2개 중 %1개 토큰</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="584"/>
        <source>Context: %1 tokens</source>
        <translation>컨텍스트: 토큰 %1개</translation>
    </message>
    <message>
        <location filename="../../ui/stages/token_view.cpp" line="585"/>
        <source> · dashed chips: a token that splits a character, or the drawn next token</source>
        <translation> · 점선 칩: 한 글자를 쪼갠 토큰, 또는 뽑힌 다음 토큰</translation>
    </message>
</context>
<context>
    <name>ts::ui::TokenizerCompareView</name>
    <message>
        <source>Tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <source>Reading the Korean paragraph with every tokenizer on this computer…</source>
        <translation>이 컴퓨터의 모든 토크나이저로 한국어 문단을 읽는 중…</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>토크나이저</translation>
    </message>
    <message>
        <source>Tokens per syllable</source>
        <translation>음절당 토큰</translation>
    </message>
    <message>
        <source>Byte tokens</source>
        <translation>바이트 토큰</translation>
    </message>
    <message>
        <source>Share of byte tokens</source>
        <translation>바이트 토큰 비율</translation>
    </message>
    <message>
        <source>Tokenscope (bundled model)</source>
        <translation>Tokenscope (내장 모델)</translation>
    </message>
    <message>
        <source>Not included (no tokenizer file on this computer): %1. Download the model with Model → Get a model… to add it.</source>
        <translation>포함하지 못함 (이 컴퓨터에 토크나이저 파일 없음): %1. 모델 → 모델 받기…로 모델을 받으면 추가됩니다.</translation>
    </message>
    <message>
        <source>Korean paragraph: every tokenizer</source>
        <translation>한국어 문단: 모든 토크나이저</translation>
    </message>
    <message>
        <source>One fixed Korean paragraph through every tokenizer on this computer: tokens per syllable and how many tokens are only bytes of a character</source>
        <translation>정해진 한국어 문단 하나를 이 컴퓨터의 모든 토크나이저로: 음절당 토큰 수와, 글자의 바이트 조각일 뿐인 토큰이 몇 개인지</translation>
    </message>
    <message numerus="yes">
        <source>%n Hangul syllable(s) in the paragraph.</source>
        <translation>
            <numerusform>문단의 한글 음절 %n개.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="186"/>
        <source>The same text through different tokenizers. A model reads, pays for and generates tokens, not characters: the more tokens a language needs, the more time and money the same sentence costs, and the less of it fits in the context.</source>
        <translation>같은 글을 여러 토크나이저에 넣어 봅니다. 모델은 글자가 아니라 토큰을 읽고, 토큰 단위로 비용을 내고, 토큰을 생성합니다. 어떤 언어가 토큰을 많이 쓸수록 같은 문장에 시간과 돈이 더 들고, 컨텍스트에 들어가는 양은 줄어듭니다.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="190"/>
        <source>Add tokenizer file…</source>
        <translation>토크나이저 파일 추가…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="191"/>
        <source>Add tokenizer folder…</source>
        <translation>토크나이저 폴더 추가…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="192"/>
        <source>Type or paste text to compare</source>
        <translation>비교할 글을 입력하거나 붙여 넣으세요</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="216"/>
        <source>Model: %1</source>
        <translation>모델: %1</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="254"/>
        <source>Loading %1…</source>
        <translation>%1 불러오는 중…</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="270"/>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="278"/>
        <source>Tokenizer comparison</source>
        <translation>토크나이저 비교</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="271"/>
        <source>At most %1 tokenizers fit side by side; remove one first.</source>
        <translation>토크나이저는 %1개까지 나란히 놓을 수 있습니다. 먼저 하나를 빼세요.</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="276"/>
        <source>Could not load the tokenizer %1:
%2</source>
        <translation>토크나이저 %1을(를) 불러오지 못했습니다:
%2</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="285"/>
        <source>Choose a tokenizer</source>
        <translation>토크나이저 선택</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="286"/>
        <source>Tokenizers (tokenizer.json vocab.json);;JSON files (*.json)</source>
        <translation>토크나이저 (tokenizer.json vocab.json);;JSON 파일 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="291"/>
        <source>Choose a model or tokenizer folder</source>
        <translation>모델 또는 토크나이저 폴더 선택</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="360"/>
        <source>Remove this tokenizer</source>
        <translation>이 토크나이저 빼기</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="363"/>
        <source>Cannot encode this text: %1</source>
        <translation>이 글을 토큰으로 바꿀 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="369"/>
        <source>%1 per character</source>
        <translation>글자당 %1개</translation>
    </message>
    <message>
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="372"/>
        <source>%1× the fewest</source>
        <translation>가장 적은 것의 %1배</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/classroom/tokenizer_compare_view.cpp" line="368"/>
        <source>%n token(s)</source>
        <translation>
            <numerusform>토큰 %n개</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::InterventionBanner</name>
    <message>
        <source>Before / after</source>
        <translation>개입 전 / 후</translation>
    </message>
    <message>
        <source>Show beside each bar of the softmax and sampling views the probability the same step had without the interventions (the same tokens, computed again)</source>
        <translation>소프트맥스와 샘플링 보기의 막대마다 옆에, 같은 단계가 개입 없이 가졌던 확률을 보여 줍니다(같은 토큰으로 다시 계산)</translation>
    </message>
    <message>
        <source>Before / after: the grey bars, the dark marks and the “before” figures are the probabilities without the interventions, on the same tokens.</source>
        <translation>개입 전 / 후: 회색 막대, 진한 표시, ‘개입 전’ 수치는 같은 토큰에서 개입 없이 계산한 확률입니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>layer %1 head %2</source>
        <translation>%1층 헤드 %2</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Silenced (mean output): %1</source>
        <translation>끈 헤드(평균 출력으로 대체): %1</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Silenced: %1</source>
        <translation>끈 헤드: %1</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Banned: %1</source>
        <translation>금지한 토큰: %1</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Logit bias: %1</source>
        <translation>로짓 보정: %1</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Steered at block %1, strength %2</source>
        <translation>%1번 블록에서 조종, 세기 %2</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>every stage shows this what-if run.</source>
        <translation>모든 단계가 이 ‘만약에’ 실행을 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Restore</source>
        <translation>되돌리기</translation>
    </message>
    <message>
        <location filename="../../ui/shell/intervention_banner.cpp" line="1"/>
        <source>Give every head and token back and run again with the same seed</source>
        <translation>모든 헤드와 토큰을 되돌리고 같은 시드로 다시 실행합니다</translation>
    </message>
</context>
<context>
    <name>ts::ui::FactRemedyPanel</name>
    <message>
        <source>Both columns were computed with it.</source>
        <translation>두 열 모두 이것을 적용해 계산했습니다.</translation>
    </message>
    <message>
        <source>Give it the fact</source>
        <translation>사실을 알려 주기</translation>
    </message>
    <message>
        <source>Put a sentence stating the fact in front of the prompt, as retrieval (RAG) puts a document into the context, and compare P(true) and P(false) before and after.</source>
        <translation>검색 증강(RAG)이 문서를 문맥에 넣듯이 사실을 말하는 문장을 프롬프트 앞에 넣고, 넣기 전과 후의 P(참)과 P(거짓)을 비교합니다.</translation>
    </message>
    <message>
        <source>Put in front of the prompt: “%1”</source>
        <translation>프롬프트 앞에 넣은 문장: “%1”</translation>
    </message>
    <message>
        <source>%1: %2 of %3 wrong probes turn right (%4 probes)</source>
        <translation>%1: 틀렸던 %3개 중 %2개가 맞게 바뀜(검사 %4개)</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>한국어</translation>
    </message>
    <message>
        <source>English</source>
        <translation>영어</translation>
    </message>
    <message>
        <source>With the fact in front: %1.</source>
        <translation>사실을 앞에 넣으면: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Running %n probe(s) with and without the fact…</source>
        <translation>
            <numerusform>검사 %n개를 사실 없이, 그리고 사실을 넣고 실행하는 중…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::GuessView</name>
    <message>
        <source>Guess first, then reveal. What token will the model write next? The class types its guesses (commas between them; each guess is one vote) or picks them from the shuffled list; Reveal shows what the model gave each guess, and then its draw.</source>
        <translation>먼저 맞혀 보고, 그다음 공개합니다. 모델이 다음에 쓸 토큰은 무엇일까요? 반 학생들이 추측을 입력하거나(쉼표로 구분, 추측 하나가 한 표) 섞인 목록에서 고릅니다. 공개를 누르면 모델이 각 추측에 준 확률과 순위가 나오고, 이어서 실제로 뽑힌 토큰이 나옵니다.</translation>
    </message>
    <message>
        <source>Guesses:</source>
        <translation>추측:</translation>
    </message>
    <message>
        <source>e.g. Sujin, Minjun</source>
        <translation>예: 수진, 민준</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>추가</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>지우기</translation>
    </message>
    <message>
        <source>Or pick:</source>
        <translation>또는 고르기:</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>공개</translation>
    </message>
    <message>
        <source>Hide again</source>
        <translation>다시 가리기</translation>
    </message>
    <message>
        <source>The model&apos;s next-token distribution is hidden until Reveal.</source>
        <translation>공개를 누르기 전까지 모델의 다음 토큰 확률 분포는 가려져 있습니다.</translation>
    </message>
    <message>
        <source>Guess</source>
        <translation>추측</translation>
    </message>
    <message>
        <source>Read as tokens</source>
        <translation>토큰으로 읽으면</translation>
    </message>
    <message>
        <source>Votes</source>
        <translation>표</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>확률</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>순위</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>참고</translation>
    </message>
    <message>
        <source>Run a prompt first: the game is played on a step.</source>
        <translation>먼저 프롬프트를 실행하세요. 이 놀이는 한 단계에서 합니다.</translation>
    </message>
    <message>
        <source>This step has no stored distribution to guess (thinned, or read from a file).</source>
        <translation>이 단계에는 맞힐 확률 분포가 저장되어 있지 않습니다(요약만 남았거나 파일에서 읽은 단계).</translation>
    </message>
    <message>
        <source>No guesses yet.</source>
        <translation>아직 추측이 없습니다.</translation>
    </message>
    <message>
        <source>Revealing…</source>
        <translation>공개하는 중…</translation>
    </message>
    <message>
        <source>The model&apos;s five most likely: %1</source>
        <translation>모델이 가장 그럴듯하다고 본 다섯 개: %1</translation>
    </message>
    <message>
        <source>the model&apos;s top token</source>
        <translation>모델의 1위 토큰</translation>
    </message>
    <message>
        <source>the token drawn</source>
        <translation>뽑힌 토큰</translation>
    </message>
    <message>
        <source>%1 at temperature 1</source>
        <translation>온도 1에서 %1</translation>
    </message>
    <message>
        <source>The draw: “%1”, chosen by hand in a branch.</source>
        <translation>뽑기: “%1” — 분기에서 손으로 고른 토큰입니다.</translation>
    </message>
    <message>
        <source>The draw: at temperature 0 the top token is taken: “%1”.</source>
        <translation>뽑기: 온도 0에서는 1위 토큰을 그대로 씁니다: “%1”.</translation>
    </message>
    <message numerus="yes">
        <source>%n guess(es): %1</source>
        <translation>
            <numerusform>추측 %n개: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n guess(es) named the model&apos;s top token “%2”.</source>
        <translation>
            <numerusform>추측 %n개 중 %1개가 모델의 1위 토큰 “%2”를 맞혔습니다.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens: only the first is scored (this step predicts one token)</source>
        <translation>
            <numerusform>토큰 %n개: 첫 토큰만 채점합니다(이 단계는 토큰 하나를 예측합니다)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The draw: the random number %1 landed on “%2” (%3); %4 of %n guess(es) named it.</source>
        <translation>
            <numerusform>뽑기: 난수 %1 → “%2”(%3). 추측 %n개 중 %4개가 맞혔습니다.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::ui::LessonExporter</name>
    <message>
        <source>There is no lesson %1 (there are %2).</source>
        <translation>%1번 수업은 없습니다(수업은 %2개입니다).</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1에 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>Export cancelled.</source>
        <translation>내보내기를 취소했습니다.</translation>
    </message>
    <message>
        <source>%1 · step %2 of %3</source>
        <translation>%1 · %3단계 중 %2단계</translation>
    </message>
    <message>
        <source>Export lesson</source>
        <translation>수업 내보내기</translation>
    </message>
    <message>
        <source>Lesson:</source>
        <translation>수업:</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Writing the handout: each step is run and pictured…</source>
        <translation>유인물을 만드는 중: 단계마다 실행하고 화면을 담습니다…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>ts::ui::RemedyBars</name>
    <message>
        <source>Without the fact</source>
        <translation>사실 없이</translation>
    </message>
    <message>
        <source>With the fact in front</source>
        <translation>사실을 앞에 넣고</translation>
    </message>
    <message>
        <source>P(true “%1”)</source>
        <translation>P(참 “%1”)</translation>
    </message>
    <message>
        <source>P(false)</source>
        <translation>P(거짓)</translation>
    </message>
    <message>
        <source>P(false “%1”)</source>
        <translation>P(거짓 “%1”)</translation>
    </message>
    <message>
        <source>Model&apos;s own answer: “%1” (%2)</source>
        <translation>모델 자신의 답: “%1” (%2)</translation>
    </message>
    <message>
        <source>True beats every false answer</source>
        <translation>참이 모든 거짓 답을 이김</translation>
    </message>
    <message>
        <source>A false answer beats the true one</source>
        <translation>거짓 답이 참을 이김</translation>
    </message>
    <message>
        <source>true wins</source>
        <translation>참이 이김</translation>
    </message>
    <message>
        <source>false wins</source>
        <translation>거짓이 이김</translation>
    </message>
</context>
<context>
    <name>ts::ui::Glossary</name>
    <message>
        <source>Logit: the model&apos;s raw score for a token before the softmax. Higher means more likely; only the differences between logits matter.</source>
        <translation>로짓: 소프트맥스 전에 모델이 각 토큰에 매기는 원점수입니다. 클수록 그 토큰이 나올 가능성이 크고, 로짓끼리의 차이만 의미가 있습니다.</translation>
    </message>
    <message>
        <source>Entropy: how spread out the next-token distribution is, in bits. 0 bits: one token is certain; n bits: as uncertain as a fair pick among 2ⁿ tokens.</source>
        <translation>엔트로피: 다음 토큰 분포가 얼마나 퍼져 있는지를 비트로 잰 값입니다. 0비트면 한 토큰이 확실하고, n비트면 2ⁿ개 토큰 중 공평하게 하나를 고르는 만큼 불확실합니다.</translation>
    </message>
    <message>
        <source>Bit: the unit of entropy. One bit is the uncertainty of one fair coin toss; each further bit doubles the number of equally likely choices.</source>
        <translation>비트: 엔트로피의 단위입니다. 1비트는 공정한 동전 한 번 던지기만큼의 불확실성이고, 1비트 늘 때마다 똑같이 그럴듯한 선택지가 두 배가 됩니다.</translation>
    </message>
    <message>
        <source>Principal components (PCA): the directions in which the embedding vectors differ most. The map presses hundreds of dimensions onto two of them, so its distances are only approximate.</source>
        <translation>주성분(PCA): 임베딩 벡터들이 가장 크게 달라지는 방향입니다. 수백 차원을 그중 두 방향에 눌러 그린 지도이므로 거리는 대략적입니다.</translation>
    </message>
    <message>
        <source>KV cache: the keys and values of every token read so far, kept so that a new token needs one pass instead of reading the whole text again. It grows with the context.</source>
        <translation>KV 캐시: 지금까지 읽은 모든 토큰의 키와 값을 모아 둔 것입니다. 덕분에 새 토큰마다 글 전체를 다시 읽지 않고 한 번만 계산하면 되지만, 컨텍스트가 길어질수록 커집니다.</translation>
    </message>
    <message>
        <source>Induction head: an attention head that finds where the current token came before and looks at the token that followed it there, so a pattern is copied (A B … A → B).</source>
        <translation>유도 헤드: 지금 토큰이 앞에서 나왔던 자리를 찾아 그 바로 다음 토큰을 보는 어텐션 헤드입니다. 그래서 패턴이 복사됩니다(A B … A → B).</translation>
    </message>
    <message>
        <source>␣ marks a space. A token carries the space before its word, so “␣cat” and “cat” are two different tokens.</source>
        <translation>␣는 공백 표시입니다. 토큰은 단어 앞의 공백을 함께 담기 때문에 “␣고양이”와 “고양이”는 서로 다른 토큰입니다.</translation>
    </message>
    <message>
        <source>&lt;%1&gt; is a lone byte (hexadecimal %1). A Korean syllable is three bytes in UTF-8 and a token may hold only part of one; the next token&apos;s bytes complete the character.</source>
        <translation>&lt;%1&gt;은(는) 바이트 하나입니다(16진수 %1). 한글 한 글자는 UTF-8로 3바이트인데 토큰 하나가 그 일부만 담을 수 있습니다. 다음 토큰의 바이트가 글자를 완성합니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::PresentationBar</name>
    <message>
        <source>Presentation controls</source>
        <translation>발표 도구 모음</translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation>프롬프트:</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>한 단계</translation>
    </message>
    <message>
        <source>One step: predict, draw, feed the token back in</source>
        <translation>한 단계 실행: 예측하고, 샘플링하고, 토큰을 다시 입력으로 넣습니다</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>일시 정지</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>온도:</translation>
    </message>
    <message>
        <source>Divides the logits before the softmax: low piles the probability up, high flattens it</source>
        <translation>소프트맥스 전에 로짓을 나누는 값입니다. 낮으면 확률이 한곳에 몰리고, 높으면 평평해집니다</translation>
    </message>
</context>
<context>
    <name>ts::ui::PatchView</name>
    <message>
        <source>Type both prompts first.</source>
        <translation>두 프롬프트를 먼저 입력하세요.</translation>
    </message>
    <message>
        <source>The clean prompt is %1 tokens and the corrupted one %2: patching compares them position by position, so they need the same number of tokens. Change a word for one of the same token count.</source>
        <translation>깨끗한 프롬프트는 토큰 %1개, 오염된 프롬프트는 %2개입니다. 패칭은 위치마다 비교하므로 두 프롬프트의 토큰 수가 같아야 합니다. 단어를 토큰 수가 같은 단어로 바꾸세요.</translation>
    </message>
    <message>
        <source>Patching every block at every position…</source>
        <translation>모든 블록의 모든 위치를 패칭하는 중…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>위치 %1</translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>블록 %1</translation>
    </message>
    <message>
        <source>Clean prompt:</source>
        <translation>깨끗한 프롬프트:</translation>
    </message>
    <message>
        <source>Corrupted prompt:</source>
        <translation>오염된 프롬프트:</translation>
    </message>
    <message>
        <source>Example pair</source>
        <translation>예시 쌍</translation>
    </message>
    <message>
        <source>The seed&apos;s sentence with Sujin, and a copy with another name.</source>
        <translation>수진이 나오는 예시 문장과, 이름만 바꾼 사본입니다.</translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation>정답:</translation>
    </message>
    <message>
        <source>The token the clean prompt should lead to (by default its top token).</source>
        <translation>깨끗한 프롬프트가 이끌어야 할 토큰(기본값: 그 실행의 1위 토큰).</translation>
    </message>
    <message>
        <source>Wrong:</source>
        <translation>오답:</translation>
    </message>
    <message>
        <source>The token the corrupted prompt leads to instead (by default its top token).</source>
        <translation>오염된 프롬프트가 대신 이끄는 토큰(기본값: 그 실행의 1위 토큰).</translation>
    </message>
    <message>
        <source>Compare and patch</source>
        <translation>비교하고 패칭</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Patching: share of logit(%1) − logit(%2) restored, per block and position</source>
        <translation>패칭: 블록과 위치마다 되살아난 logit(%1) − logit(%2)의 비율</translation>
    </message>
    <message numerus="yes">
        <source>logit(answer) − logit(wrong): clean %1, corrupted %2 · %n forward pass(es), %3 full-pass equivalents</source>
        <translation>
            <numerusform>logit(정답) − logit(오답): 깨끗한 쪽 %1, 오염된 쪽 %2 · 순전파 %n번, 전체 순전파 %3번 분량</numerusform>
        </translation>
    </message>
    <message>
        <source>Patching: share of logit(answer) − logit(wrong) restored, per block and position</source>
        <translation>패칭: 블록과 위치마다 되살아난 logit(정답) − logit(오답)의 비율</translation>
    </message>
    <message>
        <source>Press Compare and patch.</source>
        <translation>비교하고 패칭을 누르세요.</translation>
    </message>
    <message>
        <source>Clean prompt → next token</source>
        <translation>깨끗한 프롬프트 → 다음 토큰</translation>
    </message>
    <message>
        <source>Corrupted prompt → next token</source>
        <translation>오염된 프롬프트 → 다음 토큰</translation>
    </message>
    <message>
        <source>Layer, head:</source>
        <translation>층, 헤드:</translation>
    </message>
    <message>
        <source>Attention, clean minus corrupted</source>
        <translation>어텐션: 깨끗한 쪽 빼기 오염된 쪽</translation>
    </message>
    <message>
        <source>Red: the clean prompt&apos;s query looks at that key more; blue: less. The head whose attention differs most is shown first.</source>
        <translation>빨강: 깨끗한 프롬프트의 쿼리가 그 키를 더 봅니다. 파랑: 덜 봅니다. 처음에는 어텐션이 가장 크게 달라지는 헤드를 보여 줍니다.</translation>
    </message>
    <message>
        <source>clean − corrupted</source>
        <translation>깨끗 − 오염</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>되살아남</translation>
    </message>
    <message>
        <source>block %1, position %2: %3 % restored</source>
        <translation>블록 %1, 위치 %2: %3 % 되살아남</translation>
    </message>
    <message>
        <source>query %1, key %2: %3</source>
        <translation>쿼리 %1, 키 %2: %3</translation>
    </message>
    <message>
        <source>Each patched run starts again at its block from the corrupted run&apos;s cache, so most runs cost less than a whole forward pass.</source>
        <translation>패칭한 실행은 오염된 실행의 캐시에서 그 블록부터 다시 계산하므로, 대부분 순전파 한 번보다 적게 듭니다.</translation>
    </message>
</context>
<context>
    <name>ts::ui::SteerView</name>
    <message numerus="yes">
        <source>The model has %n block(s); steer at one of them.</source>
        <translation>
            <numerusform>모델의 블록은 %n개입니다. 그중 하나에서 조종하세요.</numerusform>
        </translation>
    </message>
    <message>
        <source>Type a prompt and both steering words first.</source>
        <translation>프롬프트와 조종 단어 두 개를 먼저 입력하세요.</translation>
    </message>
    <message>
        <source>Continuing the prompt at every strength…</source>
        <translation>세기마다 프롬프트를 이어 쓰는 중…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation>프롬프트:</translation>
    </message>
    <message>
        <source>Example pair:</source>
        <translation>예시 쌍:</translation>
    </message>
    <message>
        <source>Towards:</source>
        <translation>가까이:</translation>
    </message>
    <message>
        <source>The positive prompt: its mean residual stream is added.</source>
        <translation>긍정 프롬프트: 그 평균 잔차 스트림을 더합니다.</translation>
    </message>
    <message>
        <source>Away from:</source>
        <translation>멀리:</translation>
    </message>
    <message>
        <source>The negative prompt: its mean residual stream is subtracted.</source>
        <translation>부정 프롬프트: 그 평균 잔차 스트림을 뺍니다.</translation>
    </message>
    <message>
        <source>Block:</source>
        <translation>블록:</translation>
    </message>
    <message>
        <source>The block whose incoming residual stream is steered (from 1).</source>
        <translation>들어오는 잔차 스트림을 조종할 블록(1부터).</translation>
    </message>
    <message>
        <source>Strength:</source>
        <translation>세기:</translation>
    </message>
    <message>
        <source>Tokens:</source>
        <translation>토큰 수:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>시드:</translation>
    </message>
    <message>
        <source>Steer</source>
        <translation>조종</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Default (no steering)</source>
        <translation>기본 (조종 없음)</translation>
    </message>
    <message>
        <source>Steered, strength %1</source>
        <translation>조종함, 세기 %1</translation>
    </message>
    <message>
        <source>Steered</source>
        <translation>조종함</translation>
    </message>
    <message>
        <source>The same seed at each strength: negative steers away from the first word, positive towards it. Far from 0 the text stops making sense.</source>
        <translation>세기마다 같은 시드: 음수는 첫 단어에서 멀어지게, 양수는 가까워지게 조종합니다. 0에서 멀어질수록 글이 말이 되지 않습니다.</translation>
    </message>
    <message>
        <source>logit(%1) − logit(%2) at the next token, by strength</source>
        <translation>세기에 따른 다음 토큰의 logit(%1) − logit(%2)</translation>
    </message>
    <message>
        <source>logit(towards) − logit(away from) at the next token, by strength</source>
        <translation>세기에 따른 다음 토큰의 logit(가까이) − logit(멀리)</translation>
    </message>
    <message>
        <source>strength</source>
        <translation>세기</translation>
    </message>
    <message>
        <source>logit difference</source>
        <translation>로짓 차이</translation>
    </message>
</context>
<context>
    <name>ts::ui::ConnectServerDialog</name>
    <message>
        <source>Connect to a model server</source>
        <translation>모델 서버에 연결</translation>
    </message>
    <message>
        <source>Run the views on a model served by llama.cpp&apos;s llama-server, vLLM or SGLang. Tokenscope sends token ids, gets each next-token distribution and draws the token itself; a server does not expose attention, embeddings or hidden states.</source>
        <translation>llama.cpp의 llama-server, vLLM, SGLang이 서비스하는 모델로 화면을 실행합니다. Tokenscope는 토큰 ID를 보내고 다음 토큰 분포를 받아 토큰을 직접 뽑습니다. 서버는 어텐션, 임베딩, 은닉 상태를 공개하지 않습니다.</translation>
    </message>
    <message>
        <source>Server address:</source>
        <translation>서버 주소:</translation>
    </message>
    <message>
        <source>Model name (optional):</source>
        <translation>모델 이름 (선택):</translation>
    </message>
    <message>
        <source>the server&apos;s only model</source>
        <translation>서버의 유일한 모델</translation>
    </message>
    <message>
        <source>API key variable (optional):</source>
        <translation>API 키 변수 (선택):</translation>
    </message>
    <message>
        <source>The name of an environment variable holding the key, never the key itself. It is sent to this server only and never saved.</source>
        <translation>키 자체가 아니라 키를 담은 환경 변수의 이름입니다. 키는 이 서버에만 보내지고 저장되지 않습니다.</translation>
    </message>
    <message>
        <source>Top tokens per step:</source>
        <translation>단계마다 받을 상위 토큰 수:</translation>
    </message>
    <message>
        <source>whole vocabulary</source>
        <translation>어휘 전체</translation>
    </message>
    <message>
        <source>0: the whole distribution where the server gives it. With a number K, the rest of the vocabulary is one bar in the softmax view.</source>
        <translation>0: 서버가 주는 경우 분포 전체. 숫자 K를 주면 나머지 어휘는 Softmax 화면에서 막대 하나로 표시됩니다.</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>Type the server&apos;s address, for example http://127.0.0.1:8080.</source>
        <translation>서버 주소를 입력하세요. 예: http://127.0.0.1:8080</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1에 연결하는 중…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation>연결하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>Vocabulary size (optional):</source>
        <translation>어휘 크기 (선택):</translation>
    </message>
    <message>
        <source>as the server says</source>
        <translation>서버가 알려 주는 값</translation>
    </message>
    <message>
        <source>Only for a server that does not say it (vLLM without its tokenizer-info endpoint, SGLang): vocab_size in the model&apos;s config.json.</source>
        <translation>어휘 크기를 알려 주지 않는 서버(tokenizer-info 엔드포인트가 없는 vLLM, SGLang)에만 필요합니다: 모델 config.json의 vocab_size.</translation>
    </message>
</context>
<context>
    <name>ts::ui::ServerNotice</name>
    <message>
        <source>A model server does not expose its attention weights, so this view has nothing to show for it.</source>
        <translation>모델 서버는 어텐션 가중치를 공개하지 않으므로 이 화면에 보여 줄 것이 없습니다.</translation>
    </message>
    <message>
        <source>A model server does not expose its embedding vectors, so this view has nothing to show for it.</source>
        <translation>모델 서버는 임베딩 벡터를 공개하지 않으므로 이 화면에 보여 줄 것이 없습니다.</translation>
    </message>
    <message>
        <source>A model server does not expose its hidden states (the residual stream), so this tool cannot run on it.</source>
        <translation>모델 서버는 은닉 상태(잔차 스트림)를 공개하지 않으므로 이 도구를 서버에서 실행할 수 없습니다.</translation>
    </message>
    <message>
        <source>This tool runs the model on sessions of its own, which the app does only with a local model (tokenscope-cli runs several of them with --server).</source>
        <translation>이 도구는 자체 세션으로 모델을 실행하며, 앱에서는 로컬 모델로만 가능합니다 (tokenscope-cli는 그중 여러 도구를 --server로 실행합니다).</translation>
    </message>
    <message>
        <source>Load a local model instead</source>
        <translation>대신 로컬 모델 불러오기</translation>
    </message>
</context>
</TS>
