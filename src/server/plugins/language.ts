import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, namedLanguage, type Language } from '@/shared/language';
import { messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import type { Dictionary } from '@/shared/messages/dictionary';
import { createTranslator, type Translator } from '@/shared/translate';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language every message of this request's answer is said in (issue 14): the shop language the
     * `Accept-Language` header names; when it names none, the saved language of the signed-in caller
     * (set by the auth guard once it has read the user); else English.
     */
    language: Language;
    /** The shop language `Accept-Language` named, null when none: it outranks the user's saved one. */
    askedLanguage: Language | null;
  }
}

/** Each language's whole dictionary, key for key the English one's. */
const dictionaries: Record<Language, Dictionary<typeof messages>> = { en: messages, ar: messagesAr };

/** A language's dictionary: its words for what the server writes itself (an e-mail, an address line, a page's title). */
export function dictionaryIn(language: Language): Dictionary<typeof messages> {
  return dictionaries[language];
}

const translators: Record<Language, Translator> = {
  en: createTranslator('en'),
  ar: createTranslator('ar', messagesAr),
};

/** The translator into a request's language: every message an answer carries is said through it. */
export function translatorFor(request: Pick<FastifyRequest, 'language'>): Translator {
  // An app built without this plugin (a test's probe) answers in English.
  return translators[(request.language as Language | undefined) ?? DEFAULT_LANGUAGE];
}

export function translatorIn(language: Language): Translator {
  return translators[language];
}

/**
 * The caller's language: read from `Accept-Language` before anything else runs (so a rate limit's 429 is
 * in it too). Precedence, one rule for every route: an explicit `Accept-Language` naming `en` or `ar`
 * wins (the web app sends the page's language, so what a shopper reads matches the page); without one,
 * a signed-in caller's saved language (`users.language`, applied by the auth guard); else English. A
 * browser's own header ('en-US,en') names English: that is a choice of English too.
 *
 * A success answer's `message` is said here, in one place for every route: the routes answer the
 * English dictionary's text, and a text the dictionary knows is said in the caller's language.
 * Failures are said by the error handler, which has the phrase and its values.
 */
export const requestLanguage = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.decorateRequest('askedLanguage', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers['accept-language'];
      request.askedLanguage = namedLanguage(Array.isArray(header) ? header.join(',') : header);
      request.language = request.askedLanguage ?? DEFAULT_LANGUAGE;
    });

    // An API answer's messages differ by this header: a shared cache keeps one copy per language.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) {
        const vary = reply.getHeader('vary');
        const listed = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
        if (!/(^|,)\s*accept-language\s*(,|$)/i.test(listed)) {
          reply.header('vary', listed ? `${listed}, Accept-Language` : 'Accept-Language');
        }
      }
      done(null, payload);
    });

    app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
      if (request.language === DEFAULT_LANGUAGE) return payload;
      if (typeof payload !== 'object' || payload === null || !('message' in payload)) return payload;
      const { message } = payload;
      // A failure's answer is said already (plugins/errors.ts), with its values.
      if (typeof message !== 'string' || ('success' in payload && payload.success === false)) return payload;
      return { ...payload, message: translatorFor(request).text(message) };
    });
  },
  { name: 'request-language' },
);
