import { useMutation } from '@tanstack/react-query';
import type { PromptSuggestions } from '../../core/api';
import { api } from './api';

/** Suggest (Basic and above): three improved prompts for the idea typed. */
export function useSuggestPrompts() {
  return useMutation({
    mutationFn: (prompt: string) => api.post<PromptSuggestions>('/api/prompts/suggest', { prompt }),
  });
}
