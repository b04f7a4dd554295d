import { PSAR } from 'trading-signals';

/**
 * trading-signals' PSAR keeps the state a replaced bar restores with structuredClone on every bar,
 * which made adding it to 5000 candles take about 200 ms (bench/chart.ts). Its state holds numbers
 * and the input candles, which it never changes, so a shallow copy keeps the same state.
 */
export class ShallowStatePSAR extends PSAR {
  private saved: PSAR['state'] | undefined;

  protected override trackState(replace: boolean) {
    if (!replace) this.saved = { ...this.state };
    else if (this.saved === undefined) this.saved = { ...this.state };
    else this.state = { ...this.saved };
  }
}
