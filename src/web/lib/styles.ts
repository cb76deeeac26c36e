import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomStyle, CustomStyleCreate, CustomStyleList, CustomStylePatch } from '../../core/api';
import { api } from './api';

export const STYLES_QUERY_KEY = ['styles'] as const;

/** The member's saved custom styles (Premium). */
export function useStyles(enabled = true) {
  return useQuery({
    queryKey: STYLES_QUERY_KEY,
    queryFn: ({ signal }) => api.get<CustomStyleList>('/api/styles', { signal }),
    enabled,
  });
}

export function useCreateStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (style: CustomStyleCreate) => api.post<CustomStyle>('/api/styles', style),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STYLES_QUERY_KEY }),
  });
}

export function useUpdateStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CustomStylePatch }) =>
      api.patch<CustomStyle>(`/api/styles/${encodeURIComponent(id)}`, patch),
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
