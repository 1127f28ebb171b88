// Runs drizzle-kit so that it finds this package's drizzle-orm, and after `generate` makes the SQL schema-neutral.
//
// Why: npm keeps drizzle-orm nested in packages/db/node_modules while drizzle-kit is hoisted to the root, and
// drizzle-kit checks the ORM with `import('drizzle-orm/version')` from its own folder, which then fails with
// "Please install latest version of drizzle-orm". A resolve hook (for its ESM imports) and NODE_PATH (for its
// CommonJS requires) point both at the copy the schema itself uses.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const hookChild = process.env.NIVAAS_DRIZZLE_KIT_CHILD === '1';

if (hookChild) {
  register(
    'data:text/javascript,' +
      encodeURIComponent(`
        const parent = ${JSON.stringify(pathToFileURL(path.join(packageDir, 'package.json')).href)};
        export async function resolve(specifier, context, next) {
          if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
            return next(specifier, { ...context, parentURL: parent });
          }
          return next(specifier, context);
        }`),
  );
  // drizzle-kit exports no package.json; its API entry sits beside the bin.
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit/api')), 'bin.cjs');
  process.argv.splice(1, 1, bin);
  await import(pathToFileURL(bin).href);
} else {
  // NODE_PATH is read once at start-up, so the real work happens in a child that has it.
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: packageDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      NIVAAS_DRIZZLE_KIT_CHILD: '1',
      NODE_PATH: [path.join(packageDir, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter),
    },
  });
  if (result.status === 0 && process.argv[2] === 'generate') unqualifyPublicSchema(path.join(packageDir, 'migrations'));
  process.exit(result.status ?? 1);
}

/**
 * drizzle-kit writes foreign keys as `REFERENCES "public"."cities"`. Tests (and a PostgreSQL deployment that
 * shares a database) migrate into their own schema via search_path, where that qualifier would point the key at
 * some other schema's table or at nothing. Unqualified names resolve through search_path like the CREATE TABLEs
 * do. `db.test.ts` checks no migration still names "public".
 */
function unqualifyPublicSchema(migrationsDir) {
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'))) {
    const full = path.join(migrationsDir, file);
    const before = readFileSync(full, 'utf8');
    const after = before.replaceAll('REFERENCES "public".', 'REFERENCES ');
    if (after !== before) {
      writeFileSync(full, after);
      console.log(`unqualified "public" references in ${file}`);
    }
  }
}
