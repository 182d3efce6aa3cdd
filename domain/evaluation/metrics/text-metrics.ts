import { lcsLength, levenshtein, normalizeText, tokenize } from './tokens.ts';

export interface MetricScore {
  readonly score: number;
  readonly reason: string;
}

/** 1 when the outputs are equal after trimming, else 0. */
export function exactMatch(actual: string, expected: string): MetricScore {
  const equal = actual.trim() === expected.trim();
  return {
    score: equal ? 1 : 0,
    reason: equal ? 'The output equals the expected output' : 'The output differs from the expected output',
  };
}

/** 1 − (edit distance / longer length), on case- and whitespace-normalised text. */
export function textSimilarity(actual: string, expected: string): MetricScore {
  const a = normalizeText(actual);
  const b = normalizeText(expected);
  const longest = Math.max([...a].length, [...b].length);
  const score = longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
  return { score, reason: `Normalised edit-distance similarity ${score.toFixed(4)}` };
}

function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join('\u0000');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** Sentence BLEU-4 (Papineni et al. 2002): clipped n-gram precisions, uniform weights, brevity penalty, no smoothing. */
export function bleu(actual: string, expected: string, maxOrder = 4): MetricScore {
  const candidate = tokenize(actual);
  const reference = tokenize(expected);
  if (candidate.length === 0) return { score: 0, reason: 'The output has no words' };
  let logSum = 0;
  const precisions: string[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const cand = ngrams(candidate, n);
    const ref = ngrams(reference, n);
    let matched = 0;
    let total = 0;
    for (const [gram, count] of cand) {
      matched += Math.min(count, ref.get(gram) ?? 0);
      total += count;
    }
    precisions.push(`${matched}/${total}`);
    if (matched === 0) return { score: 0, reason: `No matching ${n}-grams (precisions ${precisions.join(', ')})` };
    logSum += Math.log(matched / total) / maxOrder;
  }
  const brevity = candidate.length >= reference.length ? 1 : Math.exp(1 - reference.length / candidate.length);
  const score = brevity * Math.exp(logSum);
  return {
    score,
    reason: `BLEU-${maxOrder} ${score.toFixed(4)} (precisions ${precisions.join(', ')}, brevity penalty ${brevity.toFixed(4)})`,
  };
}

/** ROUGE-L F1 (Lin 2004, β = 1): longest common subsequence over words. */
export function rougeL(actual: string, expected: string): MetricScore {
  const candidate = tokenize(actual);
  const reference = tokenize(expected);
  const lcs = lcsLength(candidate, reference);
  if (lcs === 0) return { score: 0, reason: 'No common subsequence' };
  const precision = lcs / candidate.length;
  const recall = lcs / reference.length;
  const score = (2 * precision * recall) / (precision + recall);
  return {
    score,
    reason: `ROUGE-L F1 ${score.toFixed(4)} (LCS ${lcs}, precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)})`,
  };
}
