/**
 * What the inspector's live models (the recorder, the actor tracker) share to be read with React's
 * useSyncExternalStore: a listener list and a revision that changes with every change, so a render
 * reads the model only after it changed.
 */
export abstract class ChangeSource {
  private readonly listeners = new Set<() => void>();
  private revision = 0;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever the model changed (for useSyncExternalStore). */
  readonly version = (): number => this.revision;

  /** Call after every change: bumps the revision and tells the listeners. */
  protected changed(): void {
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }
}
