import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** What the app keeps in localStorage for a signed-in user (SPEC §3). */
export interface Session {
  token: string;
  role: string;
  username: string;
  email: string;
}

interface AuthAnswer {
  results: { token: string };
  role: string;
  username: string;
  email: string;
}

const sessionOf = (body: AuthAnswer): Session => ({
  token: body.results.token,
  role: body.role,
  username: body.username,
  email: body.email,
});

/** Signs in through the API (as Epic Stack's login fixture does), e.g. the seeded demo admin. */
export async function signIn(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const response = await request.post('/api/auth/signin', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return sessionOf((await response.json()) as AuthAnswer);
}

/** Signs a fresh shopper called `name` up through the API, with an address no other run uses. */
export async function signUpShopper(request: APIRequestContext, name: string): Promise<Session> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await request.post('/api/auth/signup', {
    data: { name, email, password: 'Secret12', confirmPassword: 'Secret12' },
  });
  expect(response.status()).toBe(201);
  return sessionOf((await response.json()) as AuthAnswer);
}

/** Puts the session where the app reads it (SPEC §3) before any page script runs. */
export async function useSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s: Session) => {
    localStorage.setItem('userToken', s.token);
    localStorage.setItem('userRole', s.role);
    localStorage.setItem('username', s.username);
    localStorage.setItem('email', s.email);
  }, session);
}
