// What Suggest asks of a provider: three improved prompts for one idea. The offline one builds
// them from the composer's own words; the OpenAI one asks a model through the Responses API.

export type SuggestInput = {
  /** The idea as typed (normalised by the request schema). */
  prompt: string;
  signal?: AbortSignal;
};

export type PromptSuggester = {
  /** For logs: 'offline-composer' or 'openai'. */
  name: string;
  /** Exactly SUGGESTION_COUNT distinct prompts, or a thrown error. */
  suggest(input: SuggestInput): Promise<string[]>;
};
