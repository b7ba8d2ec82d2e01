// `POST /licenses/validate`: a license key for an instance. A license carries no customer, so
// whoever holds the key may validate it (an app on the buyer's machine, a signed-out page);
// since the answer says whether a guessed key exists, it is rate-limited per client.
import { type RouteImpl, rateLimit, upstream } from '../context.js';

export const validateLicense: RouteImpl<'validateLicense'> = async (ctx) => {
  await rateLimit(ctx, 'license');
  const license = await upstream(
    ctx,
    'key',
    () =>
      ctx.shared.client.licenses.validate({ key: ctx.body.key, instance_id: ctx.body.instance_id }),
    ['key', 'instance_id'],
  );
  return { body: license };
};
