import jsonld from 'jsonld';
import type { JsonLdDocument, NodeObject } from 'jsonld';
import { JSDOM } from 'jsdom';

/**
 * schema.org's JSON-LD context, reduced to what it means for these documents: every term is a
 * schema.org property or type. Loaded locally: tests never reach the network.
 */
const SCHEMA_ORG_CONTEXT = { '@context': { '@vocab': 'https://schema.org/' } };

const documentLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`no remote context in tests: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT };
};

const S = 'https://schema.org/';

/** A page's first HTML as a browser's parser reads it, scripts not run. */
export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document;
}

/** The content of `<meta property|name=key>`; undefined when absent. */
export function metaOf(document: Document, key: string): string | undefined {
  return (
    document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
    document.querySelector(`meta[name="${key}"]`)?.getAttribute('content') ??
    undefined
  );
}

/**
 * Every JSON-LD block of the page, expanded by the jsonld library (JSON-LD 1.1 processing, `safe` mode:
 * a term that would be dropped or a malformed value is an error): nodes keyed by full schema.org IRIs.
 */
export async function jsonLdNodes(document: Document): Promise<NodeObject[]> {
  const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as JsonLdDocument,
  );
  const expanded = await Promise.all(
    blocks.map((block) => jsonld.expand(block, { documentLoader, safe: true } as jsonld.Options.Expand)),
  );
  return expanded.flat();
}

/** The expanded nodes of `type` (e.g. 'Product'). */
export function nodesOfType(nodes: NodeObject[], type: string): NodeObject[] {
  return nodes.filter((node) => ([] as unknown[]).concat(node['@type'] ?? []).includes(S + type));
}

/** The values of a schema.org property of an expanded node: its `@value`s, or the nodes under it. */
export function values(node: NodeObject | undefined, property: string): unknown[] {
  const found = node?.[S + property];
  return ([] as unknown[])
    .concat(found ?? [])
    .map((value) =>
      typeof value === 'object' && value !== null && '@value' in value ? value['@value'] : value,
    );
}

/** The nodes under a property. */
export function nodes(node: NodeObject | undefined, property: string): NodeObject[] {
  return values(node, property).filter(
    (value): value is NodeObject => typeof value === 'object' && value !== null,
  );
}

/** Google's required and recommended properties of the rich results these pages claim: missing ones, by path. */
export function missingProperties(node: NodeObject, required: readonly string[]): string[] {
  return required.filter((property) => values(node, property).length === 0);
}
