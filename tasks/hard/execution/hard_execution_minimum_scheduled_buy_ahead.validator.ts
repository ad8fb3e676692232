import type { TaskParams } from '../../params.ts';
import { scheduledOrderValidator } from './_scheduled-order.ts';

// The wallet buys the token with exactly the BNB; the scheduled order's last slice trades the same way first (the swap fills below today's quote).
export default scheduledOrderValidator<TaskParams<'hard_execution_minimum_scheduled_buy_ahead'>>('buy', 'ahead');
