import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE } from '@/shared/language';
import { messages } from '@/shared/messages';
import {
  FullSettingsAnswerSchema,
  PolicyPageAnswerSchema,
  PolicyPageParamsSchema,
  PolicyPageQuerySchema,
  PolicyPreviewAnswerSchema,
  PolicyPreviewSchema,
  PublicSettingsAnswerSchema,
  ShopSettingsPatchSchema,
} from '@/shared/schemas/settings';
import { discardImages, storeImages } from '../admin/images';
import { AppError } from '../errors';
import { readMultipartForm } from '../images/multipart';
import { storeHeroImage, storeLogoImage } from '../images/pipeline';
import { errorAnswers } from '../plugins/docs';
import type { ObjectStore } from '../storage/types';
import { markdownToSafeHtml } from './markdown';
import { fullSettingsOf, policyPageOf, publicSettingsOf, type Connections } from './pages';
import type { SettingsStore } from './store';

const m = messages.settings;
const tags = ['settings'];

/**
 * The shop's settings (issue 16): every visitor reads the public part and the policy pages; the admin
 * reads everything and changes it. Writes go through the settings store, which tells the other processes.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsStore;
  store: ObjectStore;
  /** Whether each courier is connected (issue 36), shown with the owner's settings. */
  connections: Connections;
}> = async (app, { settings, store, connections }) => {
  const onRequest = app.requireAdmin;

  app.get(
    '/api/settings',
    {
      schema: {
        tags,
        summary: "The shop's public settings",
        description:
          'Name, logo, contacts, social links, wallet number, shipping fees by city and the announcement, ' +
          'in both languages. The policy pages are read one by one from /api/pages/{page}.',
        response: {
          200: PublicSettingsAnswerSchema.describe('The shop settings every visitor may read'),
          ...errorAnswers(),
        },
      },
    },
    async () => ({ success: true as const, settings: publicSettingsOf(store, await settings.current()) }),
  );

  app.get(
    '/api/settings/full',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every setting, the policy pages in Markdown too (admin)',
        response: {
          200: FullSettingsAnswerSchema.describe('Every setting, for the owner'),
          ...errorAnswers(401, 403),
        },
      },
    },
    async () => ({
      success: true as const,
      settings: fullSettingsOf(store, connections, await settings.current()),
    }),
  );

  app.patch(
    '/api/settings',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change settings (admin)',
        description:
          'Any of the fields; of a group (social, shippingFees, a text\'s "en"/"ar", a policy page) any ' +
          'part. What is left out keeps its value. Orders placed afterwards pay the new shipping fees.',
        body: ShopSettingsPatchSchema,
        response: {
          200: FullSettingsAnswerSchema.describe('The settings as saved'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.saved,
      settings: fullSettingsOf(store, connections, await settings.update(request.body)),
    }),
  );

  app.post(
    '/api/settings/policy-preview',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Render a policy page before saving it (admin)',
        description:
          "The Markdown sent, rendered and sanitised exactly as /api/pages/{page} renders the saved one: the Settings screen's preview.",
        body: PolicyPreviewSchema,
        response: {
          200: PolicyPreviewAnswerSchema.describe('The Markdown as the policy page would show it'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => ({ success: true as const, html: markdownToSafeHtml(request.body.markdown) }),
  );

  app.put(
    '/api/settings/logo',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace the shop's logo (admin)",
        description: 'multipart/form-data with one image under "logo".',
        response: {
          200: FullSettingsAnswerSchema.describe('The settings with the new logo'),
          ...errorAnswers(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, { files: { logo: { max: 1 } } });
      const upload = form.files.logo[0];
      if (!upload) throw new AppError('BAD_REQUEST', m.logoRequired);
      const [logo] = await storeImages(store, [upload], storeLogoImage);
      let saved;
      try {
        saved = await settings.setLogo(logo!);
      } catch (error) {
        await discardImages(store, [logo]);
        throw error;
      }
      await discardImages(store, [saved.replaced]);
      return {
        success: true as const,
        message: m.logoUploaded,
        settings: fullSettingsOf(store, connections, saved.record),
      };
    },
  );

  app.delete(
    '/api/settings/logo',
    {
      onRequest,
      schema: {
        tags,
        summary: "Remove the shop's logo (admin)",
        response: {
          200: FullSettingsAnswerSchema.describe('Every setting, for the owner'),
          ...errorAnswers(401, 403),
        },
      },
    },
    async () => {
      const saved = await settings.setLogo(null);
      await discardImages(store, [saved.replaced]);
      return {
        success: true as const,
        message: m.logoRemoved,
        settings: fullSettingsOf(store, connections, saved.record),
      };
    },
  );

  app.put(
    '/api/settings/hero-image',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace the home page's hero picture (admin)",
        description:
          'multipart/form-data with one image under "heroImage" (JPEG, PNG, WebP, GIF or AVIF, 5 MB at most), ' +
          'stored as WebP with smaller copies. The home page shows it in its opening (issue 35).',
        response: {
          200: FullSettingsAnswerSchema.describe('The settings with the new hero picture'),
          ...errorAnswers(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, { files: { heroImage: { max: 1 } } });
      const upload = form.files.heroImage[0];
      if (!upload) throw new AppError('BAD_REQUEST', m.heroImageRequired);
      const heroImage = await storeHeroImage(store, upload);
      let saved;
      try {
        saved = await settings.setHeroImage(heroImage);
      } catch (error) {
        await discardImages(store, [heroImage]);
        throw error;
      }
      await discardImages(store, [saved.replaced]);
      return {
        success: true as const,
        message: m.heroImageUploaded,
        settings: fullSettingsOf(store, connections, saved.record),
      };
    },
  );

  app.delete(
    '/api/settings/hero-image',
    {
      onRequest,
      schema: {
        tags,
        summary: "Remove the home page's hero picture (admin)",
        description: 'The home page shows its newest pieces in the opening again.',
        response: {
          200: FullSettingsAnswerSchema.describe('Every setting, for the owner'),
          ...errorAnswers(401, 403),
        },
      },
    },
    async () => {
      const saved = await settings.setHeroImage(null);
      await discardImages(store, [saved.replaced]);
      return {
        success: true as const,
        message: m.heroImageRemoved,
        settings: fullSettingsOf(store, connections, saved.record),
      };
    },
  );

  app.get(
    '/api/pages/:page',
    {
      schema: {
        tags,
        summary: 'A policy page (shipping, returns, privacy, contact) as safe HTML',
        description:
          "The owner's Markdown rendered and sanitised; `lang` chooses the language (en by default).",
        params: PolicyPageParamsSchema,
        querystring: PolicyPageQuerySchema,
        response: {
          200: PolicyPageAnswerSchema.describe('The page in the language asked for'),
          ...errorAnswers(400),
        },
      },
    },
    async (request) => ({
      success: true as const,
      page: await policyPageOf(settings, request.params.page, request.query.lang ?? DEFAULT_LANGUAGE),
    }),
  );
};
