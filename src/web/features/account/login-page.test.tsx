import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/web/i18n/messages';
import { clearToasts, mockFetch, renderRoutes, setStoredSession, type Responder } from '@/web/lib/testing';
import { openPage } from '@/web/lib/reload-page';
import LoginPage from './login-page';

vi.mock('@/web/lib/reload-page', () => ({ openPage: vi.fn(), reloadPage: vi.fn() }));

const m = messages.auth;

function Probe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

const signinAnswer = (role = 'user') => ({
  body: {
    success: true,
    message: 'Welcome back',
    results: { token: 'new-token' },
    role,
    username: 'salma',
    email: 'salma@example.com',
  },
});

function setup(respond: Responder, state?: unknown) {
  const fetchDouble = mockFetch(respond);
  const rendered = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Probe /> },
    ],
    { pathname: '/login', state },
  );
  return { ...rendered, ...fetchDouble, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText(m.email), email);
  if (password) await user.type(screen.getByLabelText(m.password), password);
  await user.click(screen.getByRole('button', { name: m.signinSubmit }));
}

describe('sign-in page', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows the security tips and a link to /register', () => {
    setup(() => undefined);
    for (const tip of m.securityTips) expect(screen.getAllByText(tip).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: m.createAccount })).toHaveAttribute('href', '/register');
  });

  it('shows each field message under its field and sends nothing', async () => {
    const { user, calls } = setup(() => undefined);
    await fillAndSubmit(user, '', '');
    expect(await screen.findByText(m.signinEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(m.email)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(m.email), 'not-an-email');
    await user.click(screen.getByRole('button', { name: m.signinSubmit }));
    expect(await screen.findByText(m.signinEmailInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = setup(() => undefined);
    const password = screen.getByLabelText(m.password);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: m.showPassword }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: m.hidePassword }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs a shopper in: stores the session without the password, creates the cart, returns to the remembered page', async () => {
    const { user, calls } = setup(
      (call) =>
        call.url.pathname === '/api/auth/signin'
          ? signinAnswer()
          : call.url.pathname === '/api/cart/create'
            ? { body: { success: true } }
            : undefined,
      { from: '/checkout' },
    );
    await fillAndSubmit(user, 'Salma@Example.com', 'Secret123');

    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
    expect(calls[0]?.body).toEqual({ email: 'salma@example.com', password: 'Secret123' });
    expect(calls[1]).toMatchObject({ method: 'POST' });
    expect(calls[1]?.url.pathname).toBe('/api/cart/create');
    expect(calls[1]?.headers.get('token')).toBe('new-token');
    expect(window.localStorage.getItem('userToken')).toBe('new-token');
    expect(window.localStorage.getItem('userRole')).toBe('user');
    expect(window.localStorage.getItem('username')).toBe('salma');
    expect(window.localStorage.getItem('email')).toBe('salma@example.com');
    expect(window.localStorage.getItem('userPassword')).toBeNull();
    expect(Object.values({ ...window.localStorage }).join(' ')).not.toContain('Secret123');
  });

  it("loads the remembered page again in the account's saved language when it is not the page's", async () => {
    document.cookie = 'nour_lang=; Path=/; Max-Age=0';
    const arabicAccount = signinAnswer();
    const { user } = setup(
      (call) =>
        call.url.pathname === '/api/auth/signin'
          ? { body: { ...arabicAccount.body, language: 'ar' } }
          : call.url.pathname === '/api/cart/create'
            ? { body: { success: true } }
            : undefined,
      { from: '/checkout' },
    );
    await fillAndSubmit(user, 'salma@example.com', 'Secret123');
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('/checkout'));
    expect(document.cookie).toContain('nour_lang=ar');
    expect(window.localStorage.getItem('userToken')).toBe('new-token');
    document.cookie = 'nour_lang=; Path=/; Max-Age=0';
  });

  it("stays on the page when the saved language is the page's", async () => {
    vi.mocked(openPage).mockClear();
    const englishAccount = signinAnswer();
    const { user } = setup((call) =>
      call.url.pathname === '/api/auth/signin'
        ? { body: { ...englishAccount.body, language: 'en' } }
        : call.url.pathname === '/api/cart/create'
          ? { body: { success: true } }
          : undefined,
    );
    await fillAndSubmit(user, 'salma@example.com', 'Secret123');
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
    expect(openPage).not.toHaveBeenCalled();
  });

  it('waits 100 ms before going home, and ignores a failing cart creation', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    const { user } = setup((call) =>
      call.url.pathname === '/api/auth/signin'
        ? signinAnswer()
        : { status: 500, body: { success: false, message: 'down' } },
    );
    await fillAndSubmit(user, 'salma@example.com', 'Secret123');
    await screen.findByText('Welcome back');
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 100);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    timers.mockRestore();
  });

  it('creates no cart for an admin', async () => {
    const { user, calls } = setup((call) =>
      call.url.pathname === '/api/auth/signin' ? signinAnswer('admin') : undefined,
    );
    await fillAndSubmit(user, 'amira@example.com', 'Secret123');
    // An admin's home is the dashboard, not the storefront.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/auth/signin']);
    expect(window.localStorage.getItem('userRole')).toBe('admin');
  });

  it('returns an admin to the page she was sent away from, when there is one', async () => {
    const { user } = setup(
      (call) => (call.url.pathname === '/api/auth/signin' ? signinAnswer('admin') : undefined),
      { from: '/dashboard/manage_orders' },
    );
    await fillAndSubmit(user, 'amira@example.com', 'Secret123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/manage_orders'));
  });

  it('sends an admin who is already signed in to the dashboard', () => {
    setStoredSession('admin');
    setup(() => undefined);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it("shows the server's message when sign-in fails", async () => {
    const { user } = setup(() => ({
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    }));
    await fillAndSubmit(user, 'salma@example.com', 'Wrong123');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(screen.getByRole('button', { name: m.signinSubmit })).toBeEnabled();
  });

  it("shows 'Login failed' when the server gives no message", async () => {
    const { user } = setup(() => ({ status: 502, body: {} }));
    await fillAndSubmit(user, 'salma@example.com', 'Secret123');
    expect(await screen.findByText(m.loginFailed)).toBeInTheDocument();
  });

  it('says so when the answer has no token, and stores nothing', async () => {
    const { user } = setup(() => ({ body: { success: true, message: 'ok', role: 'user' } }));
    await fillAndSubmit(user, 'salma@example.com', 'Secret123');
    expect(await screen.findByText(m.noTokenReceived)).toBeInTheDocument();
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
