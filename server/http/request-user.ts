import type { FastifyRequest } from 'fastify';

/** Who a request was answered for, once the route's access check found them: error reports name them by id. */
const usersOf = new WeakMap<FastifyRequest, number>();

export function rememberRequestUser(request: FastifyRequest, userId: number): void {
  usersOf.set(request, userId);
}

export function requestUserId(request: FastifyRequest): number | null {
  return usersOf.get(request) ?? null;
}
