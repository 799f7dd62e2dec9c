import type { FastifyInstance } from 'fastify';

/** What a browser would hold after `GET /api/xsrf/token`: the cookies and the header. */
export interface XsrfSession {
  token: string;
  cookie: string;
  headers: { cookie: string; 'x-xsrf-token': string };
}

export async function startXsrfSession(app: FastifyInstance): Promise<XsrfSession> {
  const response = await app.inject({ method: 'GET', url: '/api/xsrf/token' });
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const { token } = response.json() as { token: string };
  return { token, cookie, headers: { cookie, 'x-xsrf-token': token } };
}
