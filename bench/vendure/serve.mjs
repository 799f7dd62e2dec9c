// Vendure with its default configuration and one product variant: the shop the cart's
// figures are measured against (bench/vendure.ts). It runs from the folder Vendure was
// installed into (VENDURE_DIR, outside this project), on a database made for the run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Vendure's packages are in VENDURE_DIR, not in this project's node_modules.
const fromVendure = createRequire(path.join(process.cwd(), 'package.json'));
const { bootstrap, DefaultJobQueuePlugin, DefaultLogger, LanguageCode, LogLevel, defaultConfig, mergeConfig } = fromVendure('@vendure/core');
const { populate } = fromVendure('@vendure/core/cli');

const port = Number(process.env.PORT);
const folder = process.env.VENDURE_DATA;
const dbConnectionOptions = process.env.VENDURE_DATABASE_URL
  ? { type: 'postgres', url: process.env.VENDURE_DATABASE_URL, synchronize: true, logging: false }
  : { type: 'better-sqlite3', database: path.join(folder, 'vendure.sqlite'), synchronize: true, logging: false };

const config = mergeConfig(defaultConfig, {
  apiOptions: { port, hostname: '127.0.0.1' },
  // Sessions by bearer token, so that the load generator can hold one per connection.
  authOptions: { tokenMethod: 'bearer', superadminCredentials: { identifier: 'bench-admin', password: randomBytes(16).toString('hex') } },
  dbConnectionOptions,
  logger: new DefaultLogger({ level: LogLevel.Error }),
  plugins: [DefaultJobQueuePlugin],
});

// A Swiss zone with its VAT, and one monthly seat: what the cart benchmark adds on our side.
const initialData = {
  defaultLanguage: LanguageCode.en,
  defaultZone: 'Europe',
  taxRates: [{ name: 'Standard', percentage: 8.1 }],
  shippingMethods: [{ name: 'Digital', price: 0 }],
  paymentMethods: [],
  countries: [{ name: 'Switzerland', code: 'CH', zone: 'Europe' }],
  collections: [],
};

async function main() {
  fs.mkdirSync(folder, { recursive: true });
  const products = path.join(folder, 'products.csv');
  fs.writeFileSync(
    products,
    'name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets\n' +
      'Security Awareness Basic,security-awareness-basic,One monthly seat,,,,,SAB-1,29.00,standard,1000000,false,,\n',
  );
  // populate() starts Vendure on its own to import, then closes it: on a port of its own.
  const setup = await populate(() => bootstrap({ ...config, apiOptions: { ...config.apiOptions, port: port + 1 } }), initialData, products);
  await setup.close();
  await bootstrap(config);
  console.log(`Vendure listening on ${port}`);
}

await main();
