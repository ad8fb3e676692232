import type { TaskParams } from '../../params.ts';
import { scheduledOrderValidator } from './_scheduled-order.ts';

// The wallet buys the token with exactly the BNB; the scheduled order's last slice trades the other way first (the swap fills above today's quote).
export default scheduledOrderValidator<TaskParams<'hard_execution_minimum_scheduled_buy_against'>>('buy', 'against');
