import { messages as english } from '@/shared/messages';
import { arabic } from './arabic';

/**
 * Every text of the web app in the page's language. The Arabic dictionary has the English one's keys
 * (typed so in src/shared/messages/ar), with plain strings where English has literal types.
 */
export const messages = (arabic ?? english) as typeof english;
