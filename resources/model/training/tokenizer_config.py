#!/usr/bin/python3
"""Write tokenizer_config.json for the bundled model: the Hugging Face GPT-2 tokenizer keys,
and the start-token policy the model was trained with, stated where a reader of the model
folder looks for it.

The policy (train.py, make_corpus.py): documents are joined with <|endoftext|> and training
windows start at random offsets, so the model has seen text both right after <|endoftext|>
and from the middle of a document at position 0. Nothing is added in front of a prompt when
any command runs the model (add_bos_token false, as for GPT-2: one prompt path, the same ids
in the app, generate, trace, compare, score, probe, litm and precision); `--bos` puts one
<|endoftext|> in front in any command, and the training scripts' bits-per-byte evaluations
score with `score --bos` so that a text's first token is scored too. The name
"bos" is HF's; GPT-2 and this model have no separate start token.

  tokenizer_config.py --vocab work/vocab.json --n-ctx 512 --out work/tokenizer_config.json
"""
import argparse
import json

EOT = "<|endoftext|>"


def config(eot_id, n_ctx):
    return {
        "tokenizer_class": "GPT2Tokenizer",
        "model_max_length": n_ctx,
        "bos_token": EOT,
        "eos_token": EOT,
        "unk_token": EOT,
        "add_bos_token": False,
        "add_prefix_space": False,
        "clean_up_tokenization_spaces": False,
        "errors": "replace",
        "added_tokens_decoder": {str(eot_id): {"content": EOT, "special": True, "lstrip": False, "rstrip": False,
                                               "normalized": False, "single_word": False}},
        "tokenscope_start_token_policy": {
            "trained_with": f"documents joined by {EOT} (id {eot_id}); training windows of {n_ctx} tokens start at "
                            "random offsets, so text at position 0 is sometimes a document start after "
                            f"{EOT} and sometimes the middle of a document",
            "prompts": "add_bos_token false: nothing is prepended, in every command alike (the app and its lanes, "
                       "probes, confidence, precision and lost-in-the-middle lab; tokenscope-cli generate, trace, compare, "
                       "score, probe, litm, precision), because text at position 0 is what training windows began with as "
                       f"often as a document start; --bos prepends {EOT} (the bos_token) in any command",
            "scoring": "as prompts: tokenscope-cli score scores from the second token on; the training README's "
                       f"bits-per-byte figures are measured with score --bos, one {EOT} prepended so that the first "
                       "token is scored too",
            "pre_tokenizer": "GPT-2 regex; the BPE never merges across a Korean noun|particle boundary of its "
                             "training text and never joins pieces of two different characters",
        },
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--n-ctx", type=int, required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    vocab = json.load(open(args.vocab, encoding="utf-8"))
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(config(vocab[EOT], args.n_ctx), f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
