import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf } from '../../shared/api/table.js';
import { bridge } from '../bridge/bridge.js';
import { unwrap } from '../bridge/result.js';

/** The users endpoints as queries; every read and write goes through the bridge. */

export const USERS_PAGE_SIZE = 20;
export const LOGS_PAGE_SIZE = 20;

export interface UsersListParams {
  page: number;
  q?: string;
  role?: InputOf<'users.list'>['role'];
}

export const usersKeys = {
  all: ['users'] as const,
  list: (p: UsersListParams) => ['users', 'list', p] as const,
  one: (phone: string) => ['users', 'one', phone] as const,
  logs: (phone: string, page: number) => ['users', 'logs', phone, page] as const,
};

export function useUsersList(p: UsersListParams) {
  return useQuery({
    queryKey: usersKeys.list(p),
    queryFn: async () =>
      unwrap(
        await bridge().call('users.list', {
          page: p.page,
          pageSize: USERS_PAGE_SIZE,
          ...(p.q ? { q: p.q } : {}),
          ...(p.role ? { role: p.role } : {}),
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUser(phone: string) {
  return useQuery({
    queryKey: usersKeys.one(phone),
    queryFn: async () => unwrap(await bridge().call('users.get', { phone })),
  });
}

export function useUserLogs(phone: string, page: number) {
  return useQuery({
    queryKey: usersKeys.logs(phone, page),
    queryFn: async () => unwrap(await bridge().call('users.logs', { phone, page, pageSize: LOGS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'users.create'>) => unwrap(await bridge().call('users.create', input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'users.update'>) => unwrap(await bridge().call('users.update', input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'users.delete'>) => unwrap(await bridge().call('users.delete', input)),
    onSuccess: (_data, input) => {
      qc.removeQueries({ queryKey: usersKeys.one(input.phone) });
      return qc.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
