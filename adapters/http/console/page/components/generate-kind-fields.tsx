import { useState } from 'preact/hooks';
import { MAX_EXAMPLES, STRATEGY_GROUPS, VARIANTS } from '../lib/generation-request.ts';

/** How a QUALITY job gets its knowledge: pasted text, or a file uploaded first. */
export type KnowledgeMode = 'text' | 'file';

const FILE_TYPES = '.txt,.md,.html,.json,.pdf';

/** QUALITY: the knowledge (pasted or a file), optional few-shot examples (empty rows skipped), a focus. */
export function QualityFields({
  mode,
  onMode,
}: {
  readonly mode: KnowledgeMode;
  readonly onMode: (mode: KnowledgeMode) => void;
}) {
  const [rows, setRows] = useState(0);
  return (
    <>
      <fieldset class="generate-group">
        <legend>Knowledge</legend>
        <label class="check">
          <input type="radio" name="knowledgeMode" checked={mode === 'text'} onChange={() => onMode('text')} /> Paste
          text
        </label>
        <label class="check">
          <input type="radio" name="knowledgeMode" checked={mode === 'file'} onChange={() => onMode('file')} /> Upload a
          file
        </label>
        {mode === 'text' ? (
          <label class="generate-wide">
            Knowledge text (plain text, Markdown, HTML or JSON)
            <textarea name="knowledgeText" rows={6} required />
          </label>
        ) : (
          <label class="generate-wide">
            Knowledge file ({FILE_TYPES.replaceAll(',', ' ')}; at most 20 MiB)
            <input type="file" name="knowledgeFile" accept={FILE_TYPES} required />
          </label>
        )}
      </fieldset>
      <fieldset class="generate-group">
        <legend>Few-shot examples (optional)</legend>
        {Array.from({ length: rows }, (_, at) => (
          <div class="generate-example" key={at}>
            <label>
              Example {at + 1} input
              <input name="exampleInput" maxLength={10_000} />
            </label>
            <label>
              Example {at + 1} expected output
              <input name="exampleOutput" maxLength={10_000} />
            </label>
          </div>
        ))}
        <button type="button" disabled={rows >= MAX_EXAMPLES} onClick={() => setRows(rows + 1)}>
          Add an example
        </button>
      </fieldset>
      <FocusField />
    </>
  );
}

/** RED_TEAMING: one threat (a description for `custom`) and the strategies that disguise it. */
export function RedTeamingFields() {
  const [variant, setVariant] = useState<string>(VARIANTS[0][0]);
  return (
    <>
      <label>
        Threat
        <select
          name="variant"
          value={variant}
          onChange={(event) => setVariant((event.currentTarget as HTMLSelectElement).value)}
        >
          {VARIANTS.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </label>
      {variant === 'custom' ? (
        <label class="generate-wide">
          Describe the threat
          <textarea name="customVariantDescription" rows={2} maxLength={10_000} required />
        </label>
      ) : null}
      {STRATEGY_GROUPS.map((group) => (
        <fieldset class="generate-group" key={group.legend}>
          <legend>Strategies: {group.legend.toLowerCase()} (original attacks are always written)</legend>
          {group.strategies.map((strategy) => (
            <label class="check" key={strategy}>
              <input type="checkbox" name="strategies" value={strategy} /> {strategy.replaceAll('_', ' ')}
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** SCENARIOS: a focus and the turns each conversation may take. */
export function ScenariosFields() {
  return (
    <>
      <FocusField />
      <label>
        Turns at most
        <input name="maxIterations" type="number" min={1} max={20} placeholder="10" />
      </label>
    </>
  );
}

function FocusField() {
  return (
    <label class="generate-wide">
      Focus (optional)
      <textarea name="customUserFocus" rows={2} maxLength={10_000} />
    </label>
  );
}
