import {
  type AdjacencyValue,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type StatePath,
} from '@xstate/graph';
import type { Mock } from 'vitest';
import { afterEach, expect, it, vi } from 'vitest';
import {
  type Actor,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type ContextFrom,
  createActor,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  type InspectionEvent,
  initialTransition,
  type PromiseActorLogic,
  type SnapshotFrom,
  type StateValue,
  transition,
} from 'xstate';
import { allStateNodes, allTransitions, transitionLabel } from '../../../scripts/diagram-lib.ts';

/**
 * Path tests for XState machines.
 *
 * `@xstate/graph` walks the machine definition with the events a test lists (user events plus the
 * `xstate.done.actor.*` / `xstate.error.actor.*` / `xstate.after.*` outcomes nothing else can produce)
 * and yields paths: event sequences with the state each one leads to. Every path is then replayed on a
 * real actor made with `machine.provide(...)`, whose invoked promise actors are scripted so that a
 * done/error step settles the pending invocation with that step's payload, and whose actions are spies.
 * After each step the actor's state value must equal the path's. Coverage is measured on the real
 * actors: every state node and every transition the machine defines must be taken by some path.
 */

/* ------------------------------------------------------------------------------------------------ */
/* Events nothing but the runtime can send                                                          */
/* ------------------------------------------------------------------------------------------------ */

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

export type AfterEvent = { type: `xstate.after.${string}` };
export type RuntimeEvent = DoneActorEvent<unknown> | ErrorActorEvent<unknown> | AfterEvent;

/** The event an invoked actor `id` sends when it finishes with `output` (what `onDone` sees). */
export function doneActor<TOutput>(id: string, output: TOutput): DoneActorEvent<TOutput> {
  return { type: `${DONE_ACTOR}${id}`, output, actorId: id };
}

/** The event an invoked actor `id` sends when it fails with `error` (what `onError` sees). */
export function errorActor<TError>(id: string, error: TError): ErrorActorEvent<TError> {
  return { type: `${ERROR_ACTOR}${id}`, error, actorId: id };
}

/** The event of an `after` delay; `stateId` is the full state node id, e.g. `toast.visible`. */
export function afterDelay(delay: number | string, stateId: string): AfterEvent {
  return { type: `${AFTER}${delay}.${stateId}` };
}

/* ------------------------------------------------------------------------------------------------ */
/* Scripted actors and spy actions                                                                  */
/* ------------------------------------------------------------------------------------------------ */

type Outcome = { output: unknown } | { error: unknown };

/** What the harness needs from any scripted actor, whatever its output type. */
export interface AnyScriptedActor {
  readonly scripted: true;
  readonly logic: AnyActorLogic;
  /** Ids of invocations currently waiting to be settled (the invoke ids, e.g. `refreshTokens`). */
  pendingIds(): string[];
  /** Settles the oldest pending invocation with this id; false when none is pending. */
  settle(actorId: string, outcome: Outcome): boolean;
}

export interface ScriptedPromise<TOutput, TInput> extends AnyScriptedActor {
  readonly logic: PromiseActorLogic<TOutput, TInput>;
  /** The input of every invocation, in order. */
  readonly inputs: TInput[];
  /** Resolves the pending invocation (the only one, or the one with `actorId`). */
  resolve(output: TOutput, actorId?: string): void;
  /** Rejects the pending invocation (the only one, or the one with `actorId`). */
  reject(error: unknown, actorId?: string): void;
}

/**
 * A `fromPromise` actor whose promise stays pending until the test settles it, so a path step
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` resolves or rejects exactly that invocation.
 * Invocations that the machine stops (state left, actor cancelled) are dropped.
 */
export function scriptedPromise<TOutput, TInput = unknown>(): ScriptedPromise<TOutput, TInput> {
  const pending: Array<{ id: string; resolve: (output: TOutput) => void; reject: (error: unknown) => void }> =
    [];
  const inputs: TInput[] = [];
  const drop = (entry: (typeof pending)[number]) => {
    const index = pending.indexOf(entry);
    if (index >= 0) pending.splice(index, 1);
  };
  const logic = fromPromise<TOutput, TInput>(
    ({ input, self, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        inputs.push(input);
        const entry = { id: self.id, resolve, reject };
        pending.push(entry);
        signal.addEventListener('abort', () => drop(entry));
      }),
  );
  const pick = (actorId: string | undefined) => {
    const candidates = actorId === undefined ? pending : pending.filter((entry) => entry.id === actorId);
    if (candidates.length === 0) {
      throw new Error(`No pending invocation${actorId ? ` with id "${actorId}"` : ''} to settle`);
    }
    if (actorId === undefined && candidates.length > 1) {
      throw new Error(`Several invocations are pending (${pending.map((e) => e.id).join(', ')}); name one`);
    }
    const entry = candidates[0] as (typeof pending)[number];
    drop(entry);
    return entry;
  };
  return {
    scripted: true,
    logic,
    inputs,
    pendingIds: () => pending.map((entry) => entry.id),
    settle(actorId, outcome) {
      if (!pending.some((entry) => entry.id === actorId)) return false;
      const entry = pick(actorId);
      if ('error' in outcome) entry.reject(outcome.error);
      else entry.resolve(outcome.output as TOutput);
      return true;
    },
    resolve: (output, actorId) => pick(actorId).resolve(output),
    reject: (error, actorId) => pick(actorId).reject(error),
  };
}

/** An action implementation that records its calls: `spy.mock.calls[0][0].context`. */
export type ActionSpy<TContext = unknown> = Mock<
  (args: { context: TContext; event: AnyEventObject }, params?: unknown) => void
>;

/** One `vi.fn()` per action name of `machine`, to pass as `actions` to the harness. */
export function spyActions<TMachine extends AnyStateMachine, const TName extends string>(
  _machine: TMachine,
  names: readonly TName[],
): Record<TName, ActionSpy<ContextFrom<TMachine>>> {
  return Object.fromEntries(names.map((name) => [name, vi.fn()])) as Record<
    TName,
    ActionSpy<ContextFrom<TMachine>>
  >;
}

/* ------------------------------------------------------------------------------------------------ */
/* Harness: a real actor with scripted implementations                                              */
/* ------------------------------------------------------------------------------------------------ */

type Implementation = (...args: never[]) => unknown;

/** What a test supplies; the same shape as `machine.provide`, plus scripted actors. */
export interface Implementations {
  actors?: Record<string, AnyActorLogic | AnyScriptedActor>;
  actions?: Record<string, Implementation>;
  guards?: Record<string, Implementation>;
  delays?: Record<string, number | Implementation>;
  /**
   * Scripted actors that the machine's invoked child machines run (provided to those machines by the
   * test), settled by the harness like the machine's own.
   */
  nested?: AnyScriptedActor[];
}

export interface HarnessOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** Install vitest fake timers while the harness runs; defaults to true when the machine has `after`. */
  fakeTimers?: boolean;
}

function isScripted(value: unknown): value is AnyScriptedActor {
  return typeof value === 'object' && value !== null && (value as { scripted?: unknown }).scripted === true;
}

function hasDelays(machine: AnyStateMachine): boolean {
  return allStateNodes(machine).some((node) => node.after.length > 0);
}

/** `'signedIn.refreshing'` → `{ signedIn: 'refreshing' }`; objects are returned as they are. */
export function toStateValue(expected: string | StateValue): StateValue {
  if (typeof expected !== 'string') return expected;
  const keys = expected.split('.');
  let value: StateValue = keys.pop() as string;
  while (keys.length > 0) value = { [keys.pop() as string]: value };
  return value;
}

/** A stable key for a transition definition: source id, event type and position among its siblings. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const siblings =
    transition.eventType === ''
      ? (transition.source.always ?? [])
      : (transition.source.transitions.get(transition.eventType) ?? []);
  return `${transition.source.id}|${transition.eventType}|${siblings.indexOf(transition)}`;
}

/** `signedIn.refreshing → signedOut on "error: refreshTokens [refreshRefused]"`. */
export function describeTransition(transition: AnyTransitionDefinition): string {
  const name = (node: AnyStateNode) => node.path.join('.') || `(${node.id})`;
  const targets = transition.target?.length ? transition.target.map(name).join(', ') : '(no target)';
  return `${name(transition.source)} → ${targets} on "${transitionLabel(transition)}"`;
}

async function settle(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i++) await Promise.resolve();
}

/**
 * A started actor of `machine.provide(implementations)` with helpers to drive it like a path does,
 * and a record of what happened: state nodes entered, transitions taken, named actions executed.
 */
export class MachineHarness<TMachine extends AnyStateMachine> {
  readonly actor: Actor<TMachine>;
  /** Names of the actions executed, in order (XState built-ins such as `xstate.spawnChild` left out). */
  readonly actionLog: string[] = [];
  /** Ids of every state node that was active at some point. */
  readonly visitedStates = new Set<string>();
  /** Keys (see `transitionKey`) of every transition taken. */
  readonly takenTransitions = new Set<string>();
  private readonly scripted: AnyScriptedActor[] = [];
  private readonly enteredAt = new Map<string, number>();
  private readonly useFakeTimers: boolean;
  private ownsFakeTimers = false;

  constructor(
    readonly machine: TMachine,
    implementations: Implementations = {},
    options: HarnessOptions<TMachine> = {},
  ) {
    const actors: Record<string, AnyActorLogic> = {};
    for (const [name, actor] of Object.entries(implementations.actors ?? {})) {
      if (isScripted(actor)) this.scripted.push(actor);
      actors[name] = isScripted(actor) ? actor.logic : actor;
    }
    this.scripted.push(...(implementations.nested ?? []));
    const provided = machine.provide({
      actors,
      actions: implementations.actions ?? {},
      guards: implementations.guards ?? {},
      delays: implementations.delays ?? {},
    } as Parameters<AnyStateMachine['provide']>[0]) as TMachine;
    this.useFakeTimers = options.fakeTimers ?? hasDelays(machine);
    this.actor = createActor(provided, {
      input: options.input,
      inspect: (event) => this.record(event),
    } as Parameters<typeof createActor<TMachine>>[1]) as Actor<TMachine>;
  }

  private record(event: InspectionEvent): void {
    // While createActor computes the initial state (eventless transitions out of the initial
    // state included), `this.actor` is not assigned yet and only the root actor exists.
    if (this.actor !== undefined && event.actorRef !== this.actor) return;
    if (event.type === '@xstate.action' && !event.action.type.startsWith('xstate.')) {
      this.actionLog.push(event.action.type);
    }
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        this.takenTransitions.add(transitionKey(transition));
        // A transient state (left at once by an eventless transition) is active only in between.
        this.visitedStates.add(transition.source.id);
      }
      this.noteActiveNodes(event.snapshot as AnyMachineSnapshot);
    }
  }

  private noteActiveNodes(snapshot: AnyMachineSnapshot): void {
    const active = new Set(snapshot._nodes.map((node: AnyStateNode) => node.id));
    for (const id of this.enteredAt.keys()) if (!active.has(id)) this.enteredAt.delete(id);
    for (const id of active) {
      this.visitedStates.add(id);
      if (!this.enteredAt.has(id)) this.enteredAt.set(id, Date.now());
    }
  }

  start(): this {
    if (this.useFakeTimers && !vi.isFakeTimers()) {
      vi.useFakeTimers();
      this.ownsFakeTimers = true;
    }
    this.actor.start();
    this.noteActiveNodes(this.snapshot);
    return this;
  }

  stop(): void {
    this.actor.stop();
    if (this.ownsFakeTimers) {
      vi.useRealTimers();
      this.ownsFakeTimers = false;
    }
  }

  get snapshot(): SnapshotFrom<TMachine> {
    return this.actor.getSnapshot();
  }

  get value(): StateValue {
    return (this.snapshot as AnyMachineSnapshot).value;
  }

  get context(): ContextFrom<TMachine> {
    return (this.snapshot as AnyMachineSnapshot).context;
  }

  /** Returns the actions executed since the last call, and forgets them. */
  takeActions(): string[] {
    return this.actionLog.splice(0, this.actionLog.length);
  }

  /** Sends a user event and lets promise callbacks run. */
  async send(event: EventFromLogic<TMachine>): Promise<this> {
    this.actor.send(event);
    await settle();
    return this;
  }

  /** Runs `cause` (a child's socket reporting, say) and lets the machine and its children settle. */
  async after(cause: () => void): Promise<this> {
    cause();
    await settle();
    return this;
  }

  /** Resolves the pending scripted invocation `actorId` with `output` and waits for the machine. */
  async resolve(actorId: string, output: unknown): Promise<this> {
    return this.settleInvocation(actorId, { output });
  }

  /** Rejects the pending scripted invocation `actorId` with `error` and waits for the machine. */
  async reject(actorId: string, error: unknown): Promise<this> {
    return this.settleInvocation(actorId, { error });
  }

  private async settleInvocation(actorId: string, outcome: Outcome): Promise<this> {
    if (!this.scripted.some((actor) => actor.settle(actorId, outcome))) {
      const waiting = this.scripted.flatMap((actor) => actor.pendingIds());
      const children = Object.keys((this.snapshot as AnyMachineSnapshot).children);
      throw new Error(
        `No scripted actor is waiting as "${actorId}" (pending: ${waiting.join(', ') || 'none'}; ` +
          `running children: ${children.join(', ') || 'none'}). Supply it with scriptedPromise().`,
      );
    }
    await settle();
    return this;
  }

  /** Advances fake time by `ms`, running the delayed transitions that fall due. */
  async advance(ms: number): Promise<this> {
    if (!vi.isFakeTimers()) throw new Error('advance() needs fake timers: pass { fakeTimers: true }');
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
    return this;
  }

  private delayOf(eventType: string): { ms: number; stateId: string } {
    for (const node of allStateNodes(this.actor.logic as AnyStateMachine)) {
      const delayed = node.after.find((transition) => transition.eventType === eventType);
      if (!delayed) continue;
      const { delay } = delayed as AnyTransitionDefinition & { delay: number | string };
      if (typeof delay === 'number') return { ms: delay, stateId: node.id };
      const implementation = (this.actor.logic as AnyStateMachine).implementations.delays[delay];
      const snapshot = this.snapshot as AnyMachineSnapshot;
      const ms =
        typeof implementation === 'function'
          ? (implementation as (args: unknown, params: unknown) => unknown)(
              { context: snapshot.context, event: { type: eventType } },
              undefined,
            )
          : implementation;
      if (typeof ms !== 'number') throw new Error(`Delay "${delay}" is not implemented`);
      return { ms, stateId: node.id };
    }
    throw new Error(`No state of ${this.machine.id} has a delayed transition "${eventType}"`);
  }

  /**
   * Makes one path step happen the way the running app would: a done/error outcome settles the
   * scripted invocation, an `after` event lets exactly that delay elapse, anything else is sent.
   */
  async play(event: AnyEventObject): Promise<this> {
    const { type } = event;
    if (type === 'xstate.init') return this;
    if (type.startsWith(DONE_ACTOR)) return this.resolve(type.slice(DONE_ACTOR.length), event.output);
    if (type.startsWith(ERROR_ACTOR)) return this.reject(type.slice(ERROR_ACTOR.length), event.error);
    if (type.startsWith(AFTER)) {
      const { ms, stateId } = this.delayOf(type);
      const since = this.enteredAt.get(stateId) ?? Date.now();
      return this.advance(Math.max(0, since + ms - Date.now()));
    }
    return this.send(event as EventFromLogic<TMachine>);
  }
}

/** Creates and starts a harness. Stop it at the end of the test (`harness.stop()`). */
export function createHarness<TMachine extends AnyStateMachine>(
  machine: TMachine,
  implementations: Implementations = {},
  options: HarnessOptions<TMachine> = {},
): MachineHarness<TMachine> {
  return new MachineHarness(machine, implementations, options).start();
}

/** Asserts the state value, e.g. `expectState(actor, 'signedIn.refreshing')` or an object for parallel states. */
export function expectState(
  target: MachineHarness<AnyStateMachine> | { getSnapshot(): unknown },
  expected: string | StateValue,
  message?: string,
): void {
  const snapshot = (
    target instanceof MachineHarness ? target.snapshot : target.getSnapshot()
  ) as AnyMachineSnapshot;
  expect(snapshot.value, message ?? 'state value').toEqual(toStateValue(expected));
}

/* ------------------------------------------------------------------------------------------------ */
/* Paths                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

export interface PathStep {
  event: AnyEventObject;
  /** The state value the path expects after the event. */
  value: StateValue;
  /** The context the traversal computed after the event. */
  context: unknown;
}

export interface MachinePath {
  /** Readable event sequence, used as the test name. */
  description: string;
  /** The first step is `xstate.init`. */
  steps: PathStep[];
}

/**
 * - `transitions` (default): the shortest path to every state, then every event that state handles
 *   taken once more, so every reachable transition is on some path.
 * - `shortest`: `getShortestPaths` only (one path per distinct serialized state).
 * - `simple`: `getSimplePaths` (every cycle-free path; grows quickly).
 */
export type PathStrategy = 'transitions' | 'shortest' | 'simple';

/** The events a path model tries: the machine's own events and runtime outcomes. */
export type PathEvents<TMachine extends AnyStateMachine> = ReadonlyArray<
  EventFromLogic<TMachine> | RuntimeEvent
>;

export interface PathModelOptions<TMachine extends AnyStateMachine> {
  /**
   * Events to try in every state: user events, and `doneActor` / `errorActor` / `afterDelay` outcomes
   * with realistic payloads. This list replaces the events @xstate/graph would infer. A function
   * chooses the events per snapshot, e.g. to fill a long form one field after the other.
   */
  events: PathEvents<TMachine> | ((snapshot: SnapshotFrom<TMachine>) => PathEvents<TMachine>);
  /** Fresh implementations for each replay: scripted actors, spy actions, guards, delays. */
  implementations?: () => Implementations;
  /**
   * Identity of a state during traversal. Keep the state value and only the context fields guards
   * read (see `serializeValueAnd`); the default keeps value and the whole context.
   */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  strategy?: PathStrategy;
  input?: InputFrom<TMachine>;
  /** Also compare the replayed context with the traversal's after every step. */
  compareContext?: boolean;
  /** Traversal safety net, passed to @xstate/graph. */
  limit?: number;
  fakeTimers?: boolean;
}

/** A `serializeState` keeping the state value and what `pick` returns from the context. */
export function serializeValueAnd<TContext>(
  pick: (context: TContext) => unknown,
): (snapshot: { value: StateValue; context: TContext }) => string {
  return (snapshot) => JSON.stringify([snapshot.value, pick(snapshot.context)]);
}

/** A `serializeState` keeping only the state value: for machines whose guards read no context. */
export function serializeValue(snapshot: { value: StateValue }): string {
  return JSON.stringify(snapshot.value);
}

export interface ReplayRecord {
  visitedStates: Set<string>;
  takenTransitions: Set<string>;
  actionLog: string[];
}

export interface CoverageReport {
  states: { all: string[]; missing: string[] };
  transitions: { all: string[]; missing: string[] };
}

export interface PathModel<TMachine extends AnyStateMachine> {
  machine: TMachine;
  paths: MachinePath[];
  /** Replays one path on a fresh harness, asserting the state value (and context) after every step. */
  replay(path: MachinePath): Promise<ReplayRecord>;
  /** Replays every path and lists the state nodes and transitions no path reached. */
  coverage(): Promise<CoverageReport>;
  /** Fails listing every state node and transition no path reached. */
  expectFullCoverage(): Promise<void>;
}

function compactJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Error ? `${inner.name}(${inner.message})` : inner,
  );
  return text === undefined ? String(value) : text;
}

/** `session.refresh`, `done: refreshTokens {"accessToken":…}`, `after 4000 (toast.visible)`. */
export function formatEvent(event: AnyEventObject): string {
  const { type, actorId: _actorId, ...payload } = event;
  let label = type;
  if (type.startsWith(DONE_ACTOR)) label = `done: ${type.slice(DONE_ACTOR.length)}`;
  else if (type.startsWith(ERROR_ACTOR)) label = `error: ${type.slice(ERROR_ACTOR.length)}`;
  else if (type.startsWith(AFTER)) {
    const [delay, ...stateId] = type.slice(AFTER.length).split('.');
    label = `after ${delay} (${stateId.join('.')})`;
  }
  const values = Object.values(payload);
  if (values.length === 0) return label;
  const body = compactJson(values.length === 1 ? values[0] : payload);
  return `${label} ${body.length > 72 ? `${body.slice(0, 71)}…` : body}`;
}

function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${describeValue(child as StateValue)}`))
    .join(' + ');
}

/**
 * Turns a graph path into replay steps. The snapshots are recomputed from the path's events with
 * XState's pure `transition`: the graph keeps one snapshot per serialized state, so when
 * `serializeState` leaves context out, a path's stored snapshots may come from another route.
 */
function toMachinePath(
  machine: AnyStateMachine,
  input: unknown,
  path: StatePath<AnyMachineSnapshot, AnyEventObject>,
): MachinePath {
  let [snapshot] = initialTransition(machine, input) as [AnyMachineSnapshot, unknown];
  const steps: PathStep[] = [
    { event: { type: 'xstate.init' }, value: snapshot.value, context: snapshot.context },
  ];
  for (const { event } of path.steps.slice(1)) {
    [snapshot] = transition(machine, snapshot, event) as [AnyMachineSnapshot, unknown];
    steps.push({ event, value: snapshot.value, context: snapshot.context });
  }
  const events = steps.slice(1).map((step) => formatEvent(step.event));
  return {
    description: `${events.length ? events.join(' → ') : '(start)'} ⇒ ${describeValue(snapshot.value)}`,
    steps,
  };
}

/** Drops paths whose event sequence is the beginning of another path's. */
function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  const keys = paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)));
  return paths.filter((_, index) => {
    const own = keys[index] as string[];
    return !keys.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        other.length >= own.length &&
        (other.length > own.length || otherIndex < index) &&
        own.every((event, i) => other[i] === event),
    );
  });
}

/** Generates paths for `machine` and binds replay and coverage to them. */
export function createPathModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PathModelOptions<TMachine>,
): PathModel<TMachine> {
  const implementations: () => Implementations = options.implementations ?? (() => ({}));
  const { guards, delays } = implementations();
  const traversed = (
    guards || delays ? machine.provide({ guards, delays } as never) : machine
  ) as AnyStateMachine;
  const serialize = (options.serializeState ??
    ((snapshot) => JSON.stringify([snapshot.value, snapshot.context]))) as (
    snapshot: AnyMachineSnapshot,
  ) => string;
  const traversal = {
    events: options.events as AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]),
    serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
    input: options.input,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  };

  const strategy = options.strategy ?? 'transitions';
  let statePaths: Array<StatePath<AnyMachineSnapshot, AnyEventObject>>;
  if (strategy === 'simple') {
    statePaths = getSimplePaths(traversed, traversal);
  } else {
    statePaths = getShortestPaths(traversed, traversal);
    if (strategy === 'transitions') {
      const shortestTo = new Map(statePaths.map((path) => [serialize(path.state), path]));
      const adjacency = getAdjacencyMap(traversed, traversal) as Record<
        string,
        AdjacencyValue<AnyMachineSnapshot, AnyEventObject>
      >;
      for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
        const prefix = shortestTo.get(serialized);
        if (!prefix) continue;
        for (const { event, state: next } of Object.values(transitions) as Array<{
          event: AnyEventObject;
          state: AnyMachineSnapshot;
        }>) {
          if (traversed.getTransitionData(state, event).length === 0) continue;
          statePaths.push({
            state: next,
            steps: [...prefix.steps, { event, state: next }],
            weight: prefix.weight + 1,
          });
        }
      }
    }
  }
  const paths = withoutPrefixes(statePaths.map((path) => toMachinePath(traversed, options.input, path)));

  const replay = async (path: MachinePath): Promise<ReplayRecord> => {
    const harness = new MachineHarness(machine, implementations(), {
      input: options.input,
      ...(options.fakeTimers === undefined ? {} : { fakeTimers: options.fakeTimers }),
    });
    try {
      harness.start();
      for (const [index, step] of path.steps.entries()) {
        await harness.play(step.event);
        const where = `step ${index + 1} (${formatEvent(step.event)}) of path: ${path.description}`;
        expect(harness.value, `state value after ${where}`).toEqual(step.value);
        if (options.compareContext) expect(harness.context, `context after ${where}`).toEqual(step.context);
      }
      return {
        visitedStates: harness.visitedStates,
        takenTransitions: harness.takenTransitions,
        actionLog: [...harness.actionLog],
      };
    } finally {
      harness.stop();
    }
  };

  const coverage = async (): Promise<CoverageReport> => coverageOf(machine, [{ paths, replay }]);

  const expectFullCoverage = async () => {
    expectNothingMissing(machine, await coverage(), `${paths.length} paths`);
  };

  return { machine, paths, replay, coverage, expectFullCoverage };
}

/** Replays the paths of `models` (all of the same machine) and lists what none of them reached. */
async function coverageOf(
  machine: AnyStateMachine,
  models: ReadonlyArray<Pick<PathModel<AnyStateMachine>, 'paths' | 'replay'>>,
): Promise<CoverageReport> {
  const visited = new Set<string>();
  const taken = new Set<string>();
  for (const model of models) {
    for (const path of model.paths) {
      const record = await model.replay(path);
      for (const id of record.visitedStates) visited.add(id);
      for (const key of record.takenTransitions) taken.add(key);
    }
  }
  const states = allStateNodes(machine)
    .filter((node) => node.type !== 'history')
    .map((node) => node.id);
  const transitions = allTransitions(machine);
  return {
    states: { all: states, missing: states.filter((id) => !visited.has(id)) },
    transitions: {
      all: transitions.map(describeTransition),
      missing: transitions.filter((t) => !taken.has(transitionKey(t))).map(describeTransition),
    },
  };
}

function expectNothingMissing(machine: AnyStateMachine, report: CoverageReport, reachedBy: string): void {
  const missing = [
    ...report.states.missing.map((id) => `state ${id}`),
    ...report.transitions.missing.map((description) => `transition ${description}`),
  ];
  expect(
    missing,
    `${machine.id}: not reached by any of the ${reachedBy}; add events (with payloads that pass ` +
      'the guards) to the path model, or remove what cannot happen from the machine',
  ).toEqual([]);
}

/**
 * Like `expectFullCoverage`, over the paths of several models of one machine together: when a guard
 * reads what only the input sets (a stored course id, say), each input reaches its own branch.
 */
export async function expectJointCoverage<TMachine extends AnyStateMachine>(
  models: ReadonlyArray<PathModel<TMachine>>,
): Promise<void> {
  const [first] = models;
  if (!first) throw new Error('expectJointCoverage needs at least one path model');
  if (models.some((model) => model.machine !== first.machine)) {
    throw new Error('expectJointCoverage: every path model must be of the same machine');
  }
  const count = models.reduce((sum, model) => sum + model.paths.length, 0);
  expectNothingMissing(
    first.machine,
    await coverageOf(first.machine, models as ReadonlyArray<PathModel<AnyStateMachine>>),
    `${count} paths of ${models.length} models`,
  );
}

/**
 * Harnesses for one describe block: `launch(impl, options)` starts one, and every harness started is
 * stopped after each test.
 */
export function harnesses<TMachine extends AnyStateMachine>(machine: TMachine) {
  const running: MachineHarness<TMachine>[] = [];
  afterEach(() => {
    for (const harness of running.splice(0)) harness.stop();
  });
  return (implementations: Implementations = {}, options: HarnessOptions<TMachine> = {}) => {
    const harness = createHarness(machine, implementations, options);
    running.push(harness);
    return harness;
  };
}

/** One test per generated path, replayed on a real actor. */
export function replayEveryPath(model: PathModel<AnyStateMachine>) {
  for (const path of model.paths) {
    it(`replays ${path.description}`, async () => {
      await model.replay(path);
    });
  }
}

/** Replays every path, then checks that together they reach every state and transition. */
export function replayEveryPathCoveringAll(model: PathModel<AnyStateMachine>) {
  replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await model.expectFullCoverage();
  });
}
