/// <reference lib="webworker" />
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

/** Lays out the inspector's statechart diagrams off the page's thread (development only). */
const elk = new ELK();

self.onmessage = (message: MessageEvent<{ id: number; graph: ElkNode }>) => {
  const { id, graph } = message.data;
  elk.layout(graph).then(
    (laidOut) => self.postMessage({ id, laidOut }),
    (error: unknown) => self.postMessage({ id, error: String(error) }),
  );
};
