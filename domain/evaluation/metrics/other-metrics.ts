import type { MetricScore } from './text-metrics.ts';
import { tokenize } from './tokens.ts';

/** Share of the expected tools that the TOOL spans show were called (names compared case-insensitively). */
export function toolCorrectness(expectedTools: readonly string[], toolsUsed: readonly string[]): MetricScore {
  const used = new Set(toolsUsed.map((tool) => tool.trim().toLowerCase()));
  const expected = [...new Set(expectedTools.map((tool) => tool.trim().toLowerCase()))];
  if (expected.length === 0) {
    return used.size === 0
      ? { score: 1, reason: 'No tools expected and none used' }
      : { score: 0, reason: `No tools expected, but used: ${[...used].join(', ')}` };
  }
  const missing = expected.filter((tool) => !used.has(tool));
  const score = (expected.length - missing.length) / expected.length;
  return {
    score,
    reason: `${expected.length - missing.length} of ${expected.length} expected tools used${missing.length ? `; missing: ${missing.join(', ')}` : ''}`,
  };
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** Syntax only, never the network: http(s) scheme, a host of valid labels with a TLD (or localhost / IPv4), a valid port. */
export function isValidUrl(text: string): boolean {
  const match = /^(https?):\/\/(?:[^\s/?#@]*@)?([^\s/?#:]+)(?::(\d{1,5}))?([/?#][^\s]*)?$/i.exec(text);
  if (!match) return false;
  const [, , host, port] = match;
  if (port !== undefined && Number(port) > 65535) return false;
  if (host.toLowerCase() === 'localhost' || IPV4.test(host)) return true;
  const labels = host.split('.');
  return (
    labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^[a-z]{2,63}$/i.test(labels[labels.length - 1])
  );
}

/** Share of the URLs found in the output that are well-formed; an output that is no URL and holds none scores 0. */
export function urlValidity(actual: string): MetricScore {
  const trimmed = actual.trim();
  const found = /\s/.test(trimmed)
    ? (trimmed.match(/\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`)\]]+/gi) ?? [])
    : trimmed
      ? [trimmed]
      : [];
  const urls = found.map((url) => url.replace(/[.,;:!?]+$/, ''));
  if (urls.length === 0) return { score: 0, reason: 'The output holds no URL' };
  const invalid = urls.filter((url) => !isValidUrl(url));
  return {
    score: (urls.length - invalid.length) / urls.length,
    reason: `${urls.length - invalid.length} of ${urls.length} URLs are well-formed${invalid.length ? `; invalid: ${invalid.slice(0, 10).join(' ')}` : ''}`,
  };
}

type Box = [number, number, number, number];

function asBox(text: string): Box | null {
  try {
    const value: unknown = JSON.parse(text);
    if (
      Array.isArray(value) &&
      value.length === 4 &&
      value.every((item) => typeof item === 'number' && Number.isFinite(item))
    ) {
      const [x1, y1, x2, y2] = value as Box;
      return x2 >= x1 && y2 >= y1 ? [x1, y1, x2, y2] : null;
    }
  } catch {
    return null;
  }
  return null;
}

const area = ([x1, y1, x2, y2]: Box): number => (x2 - x1) * (y2 - y1);

/**
 * Intersection over union: of two boxes `[x1, y1, x2, y2]` when both outputs are such JSON arrays, otherwise
 * of the two sets of words (Jaccard).
 */
export function iou(actual: string, expected: string): MetricScore {
  const a = asBox(actual);
  const b = asBox(expected);
  if (a && b) {
    const inter =
      Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
      Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
    const union = area(a) + area(b) - inter;
    const score = union === 0 ? (same(a, b) ? 1 : 0) : inter / union;
    return { score, reason: `Box IOU ${score.toFixed(4)} (intersection ${inter}, union ${union})` };
  }
  const x = new Set(tokenize(actual));
  const y = new Set(tokenize(expected));
  const inter = [...x].filter((token) => y.has(token)).length;
  const union = new Set([...x, ...y]).size;
  const score = union === 0 ? 1 : inter / union;
  return { score, reason: `Word-set IOU ${score.toFixed(4)} (${inter} shared of ${union})` };
}

const same = (a: Box, b: Box): boolean => a.every((value, index) => value === b[index]);
