-- A renewal's history row keeps what fell due as money, integer minor units with their
-- currency (docs/decisions/057-money-in-one-type.md), as every history row written since:
-- the amount due is then added up from integers. Rows written before held major units.
UPDATE "order_history" AS h
   SET "data" = jsonb_set(h."data", '{amountDue}', jsonb_build_object('minor', round((h."data"->>'amountDue')::numeric * 100)::int, 'currency', o."currency"))
  FROM "orders" AS o
 WHERE o."id" = h."order_id"
   AND h."action" = 'RENEW'
   AND jsonb_typeof(h."data"->'amountDue') = 'number';
