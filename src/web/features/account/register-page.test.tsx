import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/web/i18n/messages';
import { clearToasts, mockFetch, renderRoutes, setStoredSession, type Responder } from '@/web/lib/testing';
import RegisterPage from './register-page';

const m = messages.auth;

function Probe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function setup(respond: Responder) {
  const fetchDouble = mockFetch(respond);
  const rendered = renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <Probe /> },
    ],
    '/register',
  );
  return { ...rendered, ...fetchDouble, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, values: Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>) {
  const fields = [
    [m.userName, values.name],
    [m.yourEmail, values.email],
    [m.yourPassword, values.password],
    [m.repeatPassword, values.confirm],
  ] as const;
  for (const [label, value] of fields) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: m.registerSubmit }));
}

const valid = { name: 'salma', email: 'salma@example.com', password: 'Secret123', confirm: 'Secret123' };

describe('registration page', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows the required messages under each field', async () => {
    const { user, calls } = setup(() => undefined);
    await fill(user, {});
    expect(await screen.findByText(m.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(m.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(m.confirmRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    [{ ...valid, name: 'ab' }, m.nameMin],
    [{ ...valid, name: 'a'.repeat(16) }, m.nameMax],
    [{ ...valid, email: 'salma@' }, m.emailInvalid],
    [{ ...valid, password: 'secret123', confirm: 'secret123' }, m.passwordRule],
    [{ ...valid, password: 'Secret', confirm: 'Secret' }, m.passwordRule],
    [{ ...valid, password: 'Secret123456', confirm: 'Secret123456' }, m.passwordRule],
    [{ ...valid, confirm: 'Secret124' }, m.passwordsDoNotMatch],
  ])('refuses %o with its message', async (values, message) => {
    const { user, calls } = setup(() => undefined);
    await fill(user, values);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers, stores the session without the password, creates the cart and goes home', async () => {
    const { user, calls } = setup((call) =>
      call.url.pathname === '/api/auth/signup'
        ? {
            status: 201,
            body: {
              success: true,
              message: 'Account created',
              results: { token: 'fresh-token' },
              role: 'user',
              username: 'salma',
              email: 'salma@example.com',
            },
          }
        : call.url.pathname === '/api/cart/create'
          ? { body: { success: true } }
          : undefined,
    );
    await fill(user, valid);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/'));
    expect(calls[0]?.body).toEqual({
      name: 'salma',
      email: 'salma@example.com',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      // The account keeps the page's language (English here).
      language: 'en',
    });
    expect(calls[1]?.url.pathname).toBe('/api/cart/create');
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(window.localStorage.getItem('userToken')).toBe('fresh-token');
    expect(window.localStorage.getItem('userPassword')).toBeNull();
    expect(Object.values({ ...window.localStorage }).join(' ')).not.toContain('Secret123');
  });

  it("shows the server's message when registration fails", async () => {
    const { user } = setup(() => ({
      status: 409,
      body: { success: false, message: 'An account with this email already exists' },
    }));
    await fill(user, valid);
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
