import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CustomStyleCreate,
  type CustomStylePatch,
  customStyleListSchema,
  customStyleSchema,
} from '../../core/api';
import { api } from './api';

export const STYLES_QUERY_KEY = ['styles'] as const;

/** The member's saved custom styles (Premium). */
export function useStyles(enabled = true) {
  return useQuery({
    queryKey: STYLES_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/styles', { signal, schema: customStyleListSchema }),
    enabled,
  });
}

export function useCreateStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (style: CustomStyleCreate) => api.post('/api/styles', style, { schema: customStyleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STYLES_QUERY_KEY }),
  });
}

export function useUpdateStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CustomStylePatch }) =>
      api.patch(`/api/styles/${encodeURIComponent(id)}`, patch, { schema: customStyleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STYLES_QUERY_KEY }),
  });
}

export function useDeleteStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/styles/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STYLES_QUERY_KEY }),
  });
}
