import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, createdApiKeySchema } from '../../core/public-api';
import { api } from './api';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

export function useApiKeys(enabled = true) {
  return useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/keys', { signal, schema: apiKeyListSchema }),
    enabled,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/api/keys', { name }, { schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/keys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
