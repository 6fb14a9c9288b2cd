// A thread that hosts bot tables starts here when parlor runs from its sources: like
// worker-entry.js, it registers tsx (threads do not inherit module hooks), then loads the thread.
import { register } from 'tsx/esm/api';

register();
await import('./bot-thread.ts');
