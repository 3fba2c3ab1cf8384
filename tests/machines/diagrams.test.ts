import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, not, setup } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import {
  allStateNodes,
  diagramPathFor,
  diagramsDir,
  machineFiles,
  machineToMermaid,
  machineToStateDiagram,
  renderAllDiagrams,
  repoRoot,
} from '../../scripts/diagram-lib.ts';

const STALE = 'is out of date: run `npm run diagrams` and commit the result';

const diagrams = await renderAllDiagrams();

describe('committed machine diagrams', () => {
  it('has one diagram per machines/*.machine.ts', async () => {
    const files = await machineFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(diagrams.map((diagram) => diagram.path)).toEqual(files.map(diagramPathFor));
  });

  for (const diagram of diagrams) {
    it(`${diagram.path} matches ${diagram.source}`, () => {
      const file = join(repoRoot, diagram.path);
      expect(existsSync(file), `${diagram.path} is missing: run \`npm run diagrams\``).toBe(true);
      expect(readFileSync(file, 'utf8'), `${diagram.path} ${STALE}`).toBe(diagram.content);
    });
  }

  it('has no diagram left over from a removed machine', () => {
    const expected = new Set(diagrams.map((diagram) => diagram.path.split('/').pop()));
    const leftOver = readdirSync(diagramsDir).filter((name) => name.endsWith('.md') && !expected.has(name));
    expect(leftOver, 'diagrams without a machine: run `npm run diagrams`').toEqual([]);
  });
});

describe('session diagram', () => {
  const session = diagrams.find((diagram) => diagram.path === 'machines/diagrams/session.md');

  it('exists', () => {
    expect(session).toBeDefined();
  });

  it('mentions every state name', () => {
    const names = allStateNodes(sessionMachine).map((node) => node.key);
    expect(names).toEqual(['restoring', 'signedOut', 'signedIn', 'active', 'refreshing']);
    for (const name of names) expect(session?.content).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('draws the initial states, the nesting and every transition', () => {
    expect(machineToStateDiagram(sessionMachine).split('\n')).toEqual([
      'stateDiagram-v2',
      '  state restoring',
      '  state signedOut',
      '  state signedIn {',
      '    state active',
      '    state refreshing',
      '    refreshing : invokes refreshTokens',
      '    [*] --> active',
      '    state "any signedIn state" as signedIn_any',
      '    signedIn_any --> active : session.signIn / storeSession, persistSession, shareSignIn',
      '    signedIn_any --> active : session.signedInElsewhere [storedSessionComplete] / restoreSession',
      '    signedIn_any --> signedIn_any : session.profileChanged / storeProfile, persistSession, shareProfile',
      '    signedIn_any --> signedIn_any : session.tokensReplaced / storeTokens, persistSession',
      '    active --> refreshing : session.refresh',
      '    refreshing --> active : done#58; refreshTokens / storeTokens, persistSession',
      '    refreshing --> active : error#58; refreshTokens',
      '  }',
      '  [*] --> restoring',
      '  restoring --> signedIn : session.restore [storedSessionComplete] / restoreSession',
      '  restoring --> signedOut : session.restore',
      '  signedOut --> signedIn : session.signIn / storeSession, persistSession, shareSignIn',
      '  signedOut --> signedIn : session.signedInElsewhere [storedSessionComplete] / restoreSession',
      '  signedIn --> signedOut : session.logout / endServerSession, forgetSession, clearSession, shareSignOut, announceSignedOut, goHome',
      '  signedIn --> signedOut : session.signedOutElsewhere / forgetSession, goHome',
      '  signedIn --> signedOut : session.accountClosed / forgetSession, clearSession, shareSignOut, goHome',
      '  refreshing --> signedOut : error#58; refreshTokens [refreshRefused] / forgetSession, clearSession, shareSignOut, goHome',
    ]);
  });

  it('is a Markdown document with a heading and one mermaid block', () => {
    expect(session?.content).toMatch(/^# session machine\n/);
    expect(session?.content.match(/```mermaid\nstateDiagram-v2\n/g)).toHaveLength(1);
    expect(session?.content.endsWith('```\n')).toBe(true);
  });
});

describe('machineToMermaid', () => {
  const kitchenSink = setup({
    types: {
      context: {} as { tries: number },
      events: {} as { type: 'go' } | { type: 'stop' } | { type: 'poke' },
    },
    actors: { fetchThing: fromPromise(async () => 1) },
    guards: { canRetry: ({ context }) => context.tries < 3 },
    delays: { BRIEF: 250 },
  }).createMachine({
    id: 'sink',
    context: { tries: 0 },
    initial: 'idle',
    on: { stop: '.stopped' },
    states: {
      idle: {
        on: { go: 'working', poke: { actions: assign({ tries: ({ context }) => context.tries + 1 }) } },
      },
      working: {
        initial: 'fetching',
        states: {
          fetching: {
            invoke: {
              src: 'fetchThing',
              onDone: 'fetched',
              onError: [{ guard: 'canRetry', target: 'waiting' }],
            },
          },
          waiting: {
            after: { BRIEF: 'fetching', 4000: { target: '#sink.stopped', guard: not('canRetry') } },
          },
          fetched: { type: 'final' },
        },
        onDone: 'deciding',
      },
      deciding: { always: [{ guard: 'canRetry', target: 'idle' }, { target: 'stopped' }] },
      both: {
        type: 'parallel',
        states: { left: { initial: 'l', states: { l: {} } }, right: { initial: 'l', states: { l: {} } } },
      },
      stopped: { type: 'final' },
    },
  });
  const text = machineToStateDiagram(kitchenSink);

  it('labels invocations, delays, eventless and completion transitions', () => {
    expect(text).toContain('fetching --> fetched : done#58; fetchThing');
    expect(text).toContain('fetching --> waiting : error#58; fetchThing [canRetry]');
    expect(text).toContain('waiting --> fetching : after BRIEF (250ms)');
    expect(text).toContain('waiting --> stopped : after 4000ms [not(canRetry)]');
    expect(text).toContain('deciding --> idle : always [canRetry]');
    expect(text).toContain('deciding --> stopped : always');
    expect(text).toContain('working --> deciding : done');
    expect(text).toContain('idle --> idle : poke');
  });

  it('marks initial and final states, and transitions of the whole machine', () => {
    expect(text).toContain('  [*] --> idle');
    expect(text).toContain('    [*] --> fetching');
    expect(text).toContain('    fetched --> [*]');
    expect(text).toContain('  stopped --> [*]');
    expect(text).toContain('  state "any state" as anyState\n');
    expect(text).toContain('  anyState --> stopped : stop');
  });

  it('separates parallel regions and keeps repeated state names apart', () => {
    expect(text).toContain('  state both {\n    state left {\n      state "l" as both_left_l\n');
    expect(text).toContain('    --\n    state right {\n      state "l" as both_right_l\n');
  });

  it('is deterministic and wraps the diagram in a titled document', () => {
    const document = machineToMermaid(kitchenSink, 'sink machine');
    expect(machineToMermaid(kitchenSink, 'sink machine')).toBe(document);
    expect(document).toBe(`# sink machine\n\nMachine id \`sink\`.\n\n\`\`\`mermaid\n${text}\n\`\`\`\n`);
  });
});
