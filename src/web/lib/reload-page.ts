/** SPEC §2's 'Try Again' reloads the page; one function so tests can watch it without a real reload. */
export function reloadPage(): void {
  window.location.reload();
}
