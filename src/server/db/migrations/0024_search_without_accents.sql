-- The orders table's search ignores accents as it ignores case ("zurich" finds "Zürich",
-- src/server/db/folded-text.ts): the search text is folded by translate(), which needs no
-- extension on PGlite or PostgreSQL. Dropping the column drops its two indexes: made again.
ALTER TABLE "orders" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(number, '') || ' ' || coalesce(invoice_info->'company'->>'name', '') || ' ' || coalesce(invoice_info->'contact'->>'firstName', '') || ' ' || coalesce(invoice_info->'contact'->>'lastName', '') || ' ' || coalesce(invoice_info->'contact'->>'email', '')), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄæÆçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇŉòÒóÓôÔõÕöÖøØōŌŏŎőŐœŒŕŔŗŖřŘśŚŝŜşŞšŠșȘßţŢťŤŧŦțȚùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ', 'aaaaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnnoooooooooooooooooooorrrrrrsssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz')) STORED;--> statement-breakpoint
CREATE INDEX "orders_search" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_queue_search" ON "orders" USING btree ("status_rank","ordered_at" DESC NULLS LAST,"id","search_text") WHERE "orders"."deleted_at" is null;
