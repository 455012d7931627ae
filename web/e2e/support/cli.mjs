// The operator's command line (`python -m designcore.app.cli`) on the data of the server under
// test: the e2e session passes the interpreter and the server's environment.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `designcore <args>` against the server's database; answers its standard output. */
export async function designcore(...args) {
  const python = process.env.E2E_CLI_PYTHON;
  const serverEnv = process.env.E2E_SERVER_ENV;
  if (!python || !serverEnv) {
    throw new Error('E2E_CLI_PYTHON and E2E_SERVER_ENV are not set: run the browser tests through `./dev nox -s e2e`');
  }
  const { stdout } = await run(python, ['-m', 'designcore.app.cli', ...args], { env: JSON.parse(serverEnv) });
  return stdout;
}
