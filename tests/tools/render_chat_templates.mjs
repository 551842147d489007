// Renders chat templates with @huggingface/jinja, the Jinja implementation transformers.js
// uses, so the C++ renderers can be compared with what the real templates produce.
//
//   node tests/tools/render_chat_templates.mjs NODE_MODULES_DIR IN.json OUT.json
//
// IN.json: {"cases": [{"template": "...", "messages": [{"role", "content"}...],
//            "add_generation_prompt": true, "bos_token": "<s>", "eos_token": "</s>",
//            "extra": {"date_string": "06 Dec 2026"}}, ...]}   (extra is optional)
// OUT.json: {"rendered": ["...", {"error": "..."}, ...]} in the same order.
// Runs on Node 18 (Debian 12) and later; exits 3 when the package cannot be loaded, so the
// caller can say what is missing.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [modules, inFile, outFile] = process.argv.slice(2);
if (!modules || !inFile || !outFile) {
  console.error("usage: node render_chat_templates.mjs NODE_MODULES_DIR IN.json OUT.json");
  process.exit(2);
}
let jinja;
try {
  jinja = await import(
    pathToFileURL(path.join(modules, "@huggingface/jinja/dist/index.js")).href);
} catch (e) {
  console.error(`cannot load @huggingface/jinja from ${modules}: ${e.message}`);
  process.exit(3);
}
const input = JSON.parse(fs.readFileSync(inFile, "utf8"));
const rendered = input.cases.map((c) => {
  try {
    // tools: null as transformers passes it when no tools are given ("tools is not none"
    // is false then); `extra` adds variables such as date_string (Mi:dm's template otherwise
    // asks strftime_now for today's date).
    return new jinja.Template(c.template).render({
      messages: c.messages,
      add_generation_prompt: c.add_generation_prompt,
      bos_token: c.bos_token,
      eos_token: c.eos_token,
      tools: null,
      ...(c.extra ?? {}),
    });
  } catch (e) {
    return { error: String(e.message ?? e) };
  }
});
fs.writeFileSync(outFile, JSON.stringify({ rendered }));
