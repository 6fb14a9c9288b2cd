// esbuild writes every top-level const, let and class of a bundle as var, and has no option to keep
// them. V8 cannot treat a module's var as a constant: a hot loop that reads a table or a size
// declared at the top of its module loads and checks it again on every use, where the same code
// run from the sources (one module per file, const kept) has it folded in: a Love Letter sim ran
// about 7% longer for it. So the bundle's top-level var declarations that are never assigned
// again are made const once more. Where the sources had let, it stays var if anything assigns it.

/**
 * The names a pattern (an assignment's left side, a loop's binding) writes to: identifiers, and
 * those inside destructuring, defaults and rest elements.
 */
function writtenNames(pattern, names) {
  if (pattern === null) return;
  switch (pattern.type) {
    case 'Identifier':
      names.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) writtenNames(property.type === 'RestElement' ? property.argument : property.value, names);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) writtenNames(element, names);
      break;
    case 'RestElement':
      writtenNames(pattern.argument, names);
      break;
    case 'AssignmentPattern':
      writtenNames(pattern.left, names);
      break;
    default:
      // A member expression (object.field = ...) writes no binding.
      break;
  }
}

/**
 * What the whole program writes, whatever the scope: every name it assigns after a declaration,
 * and how many var declarations each name has (a var in a block at the top level belongs to the
 * module too). A name shadowed and assigned or declared again in some function keeps the top-level
 * binding of the same name var as well, which is only ever the safe side.
 */
function programWrites(node, writes = { assigned: new Set(), varDeclarations: new Map() }) {
  if (node === null || typeof node !== 'object') return writes;
  if (Array.isArray(node)) {
    for (const child of node) programWrites(child, writes);
    return writes;
  }
  if (node.type === 'AssignmentExpression') writtenNames(node.left, writes.assigned);
  else if (node.type === 'UpdateExpression') writtenNames(node.argument, writes.assigned);
  else if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && node.left.type !== 'VariableDeclaration') {
    writtenNames(node.left, writes.assigned);
  } else if (node.type === 'VariableDeclaration' && node.kind === 'var') {
    const names = new Set();
    for (const declarator of node.declarations) writtenNames(declarator.id, names);
    for (const name of names) writes.varDeclarations.set(name, (writes.varDeclarations.get(name) ?? 0) + 1);
  }
  for (const key in node) {
    const child = node[key];
    if (key !== 'type' && child !== null && typeof child === 'object') programWrites(child, writes);
  }
  return writes;
}

/** The program's top-level statements, the declarations of `export var ...` included. */
function topLevelStatements(program) {
  return program.body.map((statement) =>
    statement.type === 'ExportNamedDeclaration' && statement.declaration !== null ? statement.declaration : statement,
  );
}

/**
 * `code` (an ES module) with each top-level `var` whose declarators all have an initial value and
 * whose names (destructured ones too) are declared by no other var and never assigned again,
 * written `const` (a module's function or class cannot share a name with its var). `parse` is acorn's.
 */
export function restoreConstBindings(code, parse) {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const { assigned, varDeclarations } = programWrites(program);
  const statements = topLevelStatements(program);
  const once = (name) => varDeclarations.get(name) === 1 && !assigned.has(name);
  const constant = (declarator) => {
    const names = new Set();
    writtenNames(declarator.id, names);
    return declarator.init !== null && [...names].every(once);
  };
  const restored = statements.filter(
    (statement) => statement.type === 'VariableDeclaration' && statement.kind === 'var' && statement.declarations.every(constant),
  );
  let result = code;
  // From the end, so that each edit leaves the offsets of those before it as they were.
  for (const statement of restored.reverse()) result = `${result.slice(0, statement.start)}const${result.slice(statement.start + 3)}`;
  return result;
}
