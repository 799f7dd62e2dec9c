/**
 * A job the server runs at start and then every `intervalMs` (the order jobs, billing,
 * the audit log's pruning):
 * never two runs of it at once in one process (a run still going is waited for, not
 * doubled), the timer does not keep the process alive, and a stop waits for the run in
 * progress. `run` handles its own errors and logging.
 */
export function createPeriodicJob(run: () => Promise<void>, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runOnce = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start(): void {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a run in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
