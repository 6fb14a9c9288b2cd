// A complete parlor strategy for Dominion, meant to be copied and changed. Run it with
//   npx parlor sim --game dominion --players 2 --strategies strategies/examples/dominion-big-money.ts,big-money --games 400
//
// Big Money written as code rather than as a priority list: it plays no actions, plays all its
// treasures, and buys a province with 8 coins, gold with 6, silver with 3. A Dominion action is
// a family and a card (`actionOf(Family.BUY, Card.GOLD)`) or one of the single `Action`s; any
// other decision (an attack's discards) takes the first legal action.
import { Action, Card, Family, actionOf, type DominionView, type Strategy, type StrategyDefinition } from 'parlor/strategy/dominion';

const BUYS = [Card.PROVINCE, Card.GOLD, Card.SILVER].map((card) => actionOf(Family.BUY, card));
const IN_ORDER = [Action.END_ACTIONS, Action.PLAY_TREASURES, ...BUYS, Action.END_BUYS];

function has(legal: Int32Array, count: number, action: number): boolean {
  for (let i = 0; i < count; i++) if (legal[i] === action) return true;
  return false;
}

class BigMoneyPlayer implements Strategy<DominionView> {
  // It reads neither its view nor the messages: parlor then keeps neither for it.
  readonly observes = false;

  restart(): void {}

  inform(): void {}

  choose(_view: DominionView, legal: Int32Array, count: number): number {
    for (const action of IN_ORDER) if (has(legal, count, action)) return action;
    return legal[0];
  }
}

const bigMoney: StrategyDefinition<DominionView> = {
  name: 'dominion-big-money',
  game: 'dominion',
  summary: 'big money in code: treasures, then province, gold or silver',
  params: [],
  create: () => new BigMoneyPlayer(),
};

export default bigMoney;
