import request from 'supertest';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';

/** A fresh browser: its own cookie jar, so its own anonymous owner id. */
export function browser(): ReturnType<typeof request.agent> {
  return request.agent(BASE_URL);
}

export function api(): ReturnType<typeof request> {
  return request(BASE_URL);
}

export interface StoreLite {
  id: number;
  name: string;
  chain: string;
  urlSlug: string;
}

/** The first `count` stores of the paged store list (deterministic demo data). */
export async function someStores(count: number): Promise<StoreLite[]> {
  const response = await api().get('/api/stores/minimal?skip=0').expect(200);
  return (response.body as StoreLite[]).slice(0, count);
}
