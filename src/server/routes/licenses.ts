// `POST /licenses/validate`: a license key for an instance. A license carries no customer, so
// whoever holds the key may validate it (an app on the buyer's machine, a signed-out page);
// since the answer says whether a guessed key exists, it is rate-limited per client.
import { isNotFound, type RouteImpl, rateLimit, upstreamError } from '../context.js';
import { ProxyHttpError } from '../errors.js';

export const validateLicense: RouteImpl<'validateLicense'> = async (ctx) => {
  await rateLimit(ctx, 'license');
  const sent = ['key', 'instance_id'];
  try {
    const license = await ctx.shared.client.licenses.validate({
      key: ctx.body.key,
      instance_id: ctx.body.instance_id,
    });
    return { body: license };
  } catch (error) {
    // The service's 404 ("Resource does not exist") does not say whether the key or the
    // instance is missing; only the sandbox's wording does. Name both rather than guess one.
    if (isNotFound(error)) {
      throw new ProxyHttpError(
        404,
        'not_found',
        'no license has this key with this instance_id: either the key or the instance does not exist',
        {
          fields: [
            { field: 'key', message: 'was not found, or has no instance with this instance_id' },
            { field: 'instance_id', message: 'was not found, or is not an instance of this key' },
          ],
        },
      );
    }
    throw upstreamError(ctx, error, 'key', sent);
  }
};
