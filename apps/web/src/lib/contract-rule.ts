// A form rule from the contract's schema of a field: the browser shows the same message the server would give.
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

export const contractRule = (schema: z.ZodType): Rule => ({
  validator: async (_, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
  },
});
