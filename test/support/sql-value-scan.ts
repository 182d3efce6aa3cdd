import ts from 'typescript';

/** Text that reads as a SQL statement or clause. */
const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|WHERE|VALUES|SET|INDEX|RETURNING)\b/;

/** One place in the source that may write a value into SQL text instead of binding it. */
export interface SqlFinding {
  readonly line: number;
  readonly rule: string;
  readonly text: string;
}

const isStringLike = (node: ts.Node): boolean =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** `cond ? 'A' : ''`: a choice between fixed texts. */
const isFixedChoice = (node: ts.Node): boolean =>
  ts.isConditionalExpression(node) && isStringLike(node.whenTrue) && isStringLike(node.whenFalse);

const sqlTextOf = (node: ts.Node): string | null => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return null;
};

/**
 * Finds SQL built from values in one TypeScript source: a value escaped into text (`escape(`), Sequelize
 * `replacements` (escaped inline, not bound), `literal(` over anything but fixed text, and interpolations or
 * concatenations in SQL text whose expression is not one of the `structural` ones (table and column names, placeholders
 * and clause builders that never carry a value).
 */
export function scanSqlValues(source: string, structural: ReadonlySet<string>): SqlFinding[] {
  const file = ts.createSourceFile('scanned.ts', source, ts.ScriptTarget.Latest, true);
  const findings: SqlFinding[] = [];
  const report = (node: ts.Node, rule: string) =>
    findings.push({
      line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
      rule,
      text: node.getText(file).slice(0, 160),
    });
  const usesSequelize = /from ['"](sequelize|pg)['"]|sequelize\.query|\.query\(/.test(source);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (name === 'escape') report(node, 'escapes a value into SQL text: bind it instead');
      const zod = ts.isPropertyAccessExpression(callee) && callee.expression.getText(file) === 'z';
      if (name === 'literal' && !zod && usesSequelize) {
        const [argument] = node.arguments;
        if (!argument || !(ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)))
          report(node, 'literal() over anything but fixed SQL text');
      }
    }
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      if (node.name.getText(file) === 'replacements')
        report(node, 'Sequelize replacements are escaped into the SQL text: use bind');
    }
    if (ts.isTemplateExpression(node) && usesSequelize && SQL.test(sqlTextOf(node) ?? '')) {
      for (const span of node.templateSpans) {
        const expression = span.expression.getText(file);
        if (!structural.has(expression) && !isFixedChoice(span.expression))
          report(span.expression, `interpolates ${expression} into SQL`);
      }
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && usesSequelize) {
      const sides = [node.left, node.right];
      if (sides.some((side) => SQL.test(sqlTextOf(side) ?? ''))) {
        for (const side of sides) {
          const inner = ts.isParenthesizedExpression(side) ? side.expression : side;
          const fixed =
            isStringLike(inner) ||
            ts.isBinaryExpression(inner) ||
            isFixedChoice(inner) ||
            structural.has(inner.getText(file));
          if (!fixed) report(side, `concatenates ${inner.getText(file).slice(0, 60)} into SQL`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}
