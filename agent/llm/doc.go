// Package llm provides the agent's completers, all on the standard
// library (no vendor SDK): [Command] runs an external program with the
// prompt on stdin and reads the answer from stdout (simonw's llm, ollama
// run, a local model runner), [OpenAI] posts to any OpenAI-compatible
// /chat/completions endpoint (Ollama, llama.cpp's server, vLLM, LM Studio,
// hosted APIs), and [Fake] answers from a script in tests. [FromConfig] and
// [FromSettings] build one from the app configuration:
//
//	llm:
//	  url: http://localhost:11434/v1   # or: command: ["llm", "-m", "mistral"]
//	  model: qwen2.5:7b
//	  api_key_env: CAMBER_LLM_KEY      # the key is read from this variable only
//	  timeout: 60s
//
// An API key comes only from the named environment variable: it is never
// read from a file, logged, written or put into an error.
package llm
