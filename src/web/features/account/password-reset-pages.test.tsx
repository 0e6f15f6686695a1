import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/web/i18n/messages';
import { clearToasts, mockFetch, renderRoutes, setStoredSession, type Responder } from '@/web/lib/testing';
import ForgotPasswordPage from './forgot-password-page';
import LoginPage from './login-page';
import ResetPasswordPage from './reset-password-page';

const m = messages.auth;

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function setup(respond: Responder, entry: string) {
  const fetchDouble = mockFetch(respond);
  const rendered = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <Probe /> },
    ],
    entry,
  );
  return { ...rendered, ...fetchDouble, user: userEvent.setup() };
}

beforeEach(() => setStoredSession('visitor'));
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the way to a new password', () => {
  it('offers "Forgot your password?" on the login page, leading to /forgot-password', async () => {
    const { user, router } = setup(() => undefined, '/login');
    const link = screen.getByRole('link', { name: m.forgotLink });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: m.forgotTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('forgot-password page', () => {
  it('checks the address before sending anything', async () => {
    const { user, calls } = setup(() => undefined, '/forgot-password');
    await user.click(screen.getByRole('button', { name: m.forgotSubmit }));
    expect(await screen.findByText(m.signinEmailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(m.email), 'not-an-address');
    await user.click(screen.getByRole('button', { name: m.forgotSubmit }));
    expect(await screen.findByText(m.signinEmailInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the address and shows the answer, the same for any address, with a way back to login', async () => {
    const { user, calls } = setup(
      (call) =>
        call.url.pathname === '/api/auth/forgot'
          ? { body: { success: true, message: m.resetLinkSent } }
          : undefined,
      '/forgot-password',
    );
    await user.type(screen.getByLabelText(m.email), ' Salma@Example.com ');
    await user.click(screen.getByRole('button', { name: m.forgotSubmit }));
    expect(await screen.findByRole('status')).toHaveTextContent(m.resetLinkSent);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'salma@example.com' } });
    expect(screen.queryByRole('button', { name: m.forgotSubmit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.backToLogin })).toHaveAttribute('href', '/login');
  });

  it("toasts the server's refusal (too many attempts) and keeps the form", async () => {
    const { user } = setup(
      () => ({ status: 429, body: { success: false, message: m.tooManyAttempts } }),
      '/forgot-password',
    );
    await user.type(screen.getByLabelText(m.email), 'salma@example.com');
    await user.click(screen.getByRole('button', { name: m.forgotSubmit }));
    expect(await screen.findByText(m.tooManyAttempts)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.forgotSubmit })).toBeInTheDocument();
  });
});

describe('reset-password page', () => {
  it('applies the password rules of SPEC §5 before sending anything', async () => {
    const { user, calls } = setup(() => undefined, '/reset-password?token=abc');
    await user.click(screen.getByRole('button', { name: m.resetSubmit }));
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(m.confirmRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(m.newPassword), 'weakpass');
    await user.type(screen.getByLabelText(m.repeatNewPassword), 'weakpass');
    await user.click(screen.getByRole('button', { name: m.resetSubmit }));
    expect(await screen.findByText(m.passwordRule)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(m.newPassword));
    await user.type(screen.getByLabelText(m.newPassword), 'New12345');
    await user.click(screen.getByRole('button', { name: m.resetSubmit }));
    expect(await screen.findByText(m.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the token with the new password, toasts success and goes to login', async () => {
    const { user, calls, router } = setup(
      (call) =>
        call.url.pathname === '/api/auth/reset'
          ? { body: { success: true, message: m.passwordChanged } }
          : undefined,
      '/reset-password?token=the-token_123',
    );
    await user.type(screen.getByLabelText(m.newPassword), 'New12345');
    await user.type(screen.getByLabelText(m.repeatNewPassword), 'New12345');
    await user.click(screen.getByRole('button', { name: m.resetSubmit }));
    expect(await screen.findByText(m.passwordChanged)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { token: 'the-token_123', password: 'New12345', confirmPassword: 'New12345' },
    });
    expect(await screen.findByRole('heading', { name: m.welcomeBack })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('toasts a used or expired link and offers a new one', async () => {
    const { user, router } = setup(
      () => ({ status: 400, body: { success: false, message: m.resetLinkInvalid } }),
      '/reset-password?token=used',
    );
    await user.type(screen.getByLabelText(m.newPassword), 'New12345');
    await user.type(screen.getByLabelText(m.repeatNewPassword), 'New12345');
    await user.click(screen.getByRole('button', { name: m.resetSubmit }));
    expect(await screen.findByText(m.resetLinkInvalid)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(screen.getByRole('link', { name: m.askNewLink })).toHaveAttribute('href', '/forgot-password');
  });

  it('says a link without its token is not valid, and sends nothing', () => {
    const { calls } = setup(() => undefined, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(m.resetLinkInvalid);
    expect(screen.queryByRole('button', { name: m.resetSubmit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.askNewLink })).toHaveAttribute('href', '/forgot-password');
    expect(calls).toEqual([]);
  });
});
