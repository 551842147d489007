// Renders chat templates with @huggingface/jinja, the Jinja implementation transformers.js
// uses, so the C++ renderers can be compared with what the real templates produce.
//
//   node tests/tools/render_chat_templates.mjs NODE_MODULES_DIR IN.json OUT.json
//
// IN.json: {"cases": [{"template": "...", "messages": [{"role", "content"}...],
//            "add_generation_prompt": true, "bos_token": "<s>", "eos_token": "</s>"}, ...]}
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
    return new jinja.Template(c.template).render({
      messages: c.messages,
      add_generation_prompt: c.add_generation_prompt,
      bos_token: c.bos_token,
      eos_token: c.eos_token,
    });
  } catch (e) {
    return { error: String(e.message ?? e) };
  }
});
fs.writeFileSync(outFile, JSON.stringify({ rendered }));
