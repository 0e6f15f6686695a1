/** SPEC §2's 'Try Again' reloads the page; one function so tests can watch it without a real reload. */
export function reloadPage(): void {
  window.location.reload();
}

/** Loads `url` as a new page from the server (a language switch); replaced in tests as `reloadPage`. */
export function openPage(url: string): void {
  window.location.assign(url);
}
