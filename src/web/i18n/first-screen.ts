import type { Dictionary } from '@/shared/messages/dictionary';
import { catalogShell as englishCatalogShell } from '@/shared/messages/catalog-shell';
import { layout as englishLayout } from '@/shared/messages/layout';
import { arabic } from './arabic';

// The Arabic catalogue section holds every first-screen key (checked here by the types).
const arabicCatalogShell: Dictionary<typeof englishCatalogShell> | undefined = arabic?.catalog;

/*
 * The sections of texts the first screen reads (the shell and the home page) in
 * the page's language. Modules of the first screen import these rather than ./messages, so the English
 * first load does not carry the other pages' texts.
 */
export const layout = (arabic?.layout ?? englishLayout) as typeof englishLayout;
export const catalogShell = (arabicCatalogShell ?? englishCatalogShell) as typeof englishCatalogShell;
