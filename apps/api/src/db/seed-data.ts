import type { SeedPlacement } from './seed-catalog.js';
import { moreSeedParts } from './seed-parts-more.js';

/** Demo catalog shipped with the store; inserted once into an empty database (see seed.ts). */
export interface SeedPart extends SeedPlacement {
  /** File name under apps/api/assets/parts/ */
  image: string;
  name: string;
  /** Unit price in integer cents. */
  priceCents: number;
  /** The maker's part number, as customers quote it on a purchase order. */
  sku: string;
  minOrderQuantity: number;
  /** Sold in packs of this many (cartons); the minimum is a whole number of them. */
  orderMultiple: number;
  availableQuantity: number;
  description: string;
  /** Eligible for the premium promotion (5% per 500 units). */
  bulkDiscount: boolean;
}

export interface SeedReview {
  name: string;
  email: string;
  message: string;
  /** 0 to 5, at most two decimals. */
  ratings: number;
}

/** Listed last, so the newest, on the home page. */
const featuredParts: SeedPart[] = [
  {
    image: 'nexa-airstream-140-fan.svg',
    name: 'NEXA AirStream 140 PWM Case Fan',
    priceCents: 1149,
    sku: 'NX-AS140-PWM',
    minOrderQuantity: 50,
    orderMultiple: 5,
    availableQuantity: 6000,
    description:
      'Quiet 140 mm PWM case fan with a fluid dynamic bearing, nine swept blades and rubber corner pads that absorb vibration. Spins from 400 to 1600 RPM and moves up to 82 CFM at 26 dBA. 4-pin PWM connector with a daisy-chain lead. Ideal for front intakes, radiators and high-volume system builds.',
    bulkDiscount: true,
    category: 'cooling',
    brand: 'NEXA',
    attributes: { coolerType: 'Case fan', fanSize: 140, rgb: false },
  },
  {
    image: 'nexa-linkwave-ax5400-wifi-card.svg',
    name: 'NEXA LinkWave AX5400 Wi-Fi 6E PCIe Card',
    priceCents: 3299,
    sku: 'NX-LW-AX5400',
    minOrderQuantity: 20,
    orderMultiple: 1,
    availableQuantity: 2400,
    description:
      'Tri-band Wi-Fi 6E PCIe x1 adapter with combined speeds up to 5400 Mbps across the 2.4, 5 and 6 GHz bands, plus Bluetooth 5.3 through an internal USB header. Passive heatsink, full- and low-profile brackets and two detachable 5 dBi antennas included. A simple wireless upgrade for office desktops and refurbished PCs.',
    bulkDiscount: false,
    category: 'networking',
    brand: 'NEXA',
    attributes: { standard: 'Wi-Fi 6E', bus: 'PCIe x1' },
  },
  {
    image: 'terrabyte-vault-8tb-hdd.svg',
    name: 'TerraByte Vault 8TB 7200 RPM 3.5" NAS Hard Drive',
    priceCents: 13999,
    sku: 'TB-VLT-8T-72',
    minOrderQuantity: 10,
    orderMultiple: 1,
    availableQuantity: 1800,
    description:
      '8TB 3.5-inch SATA 6Gb/s hard drive spinning at 7200 RPM with 256 MB of cache and sustained transfers up to 250 MB/s. Built for 24/7 operation in 1-8 bay NAS units, with rotational vibration sensors, a 180 TB/year workload rating and 1.2 million hours MTBF. A dependable choice for file servers, backups and surveillance.',
    bulkDiscount: true,
    category: 'hard-drives',
    brand: 'TerraByte',
    attributes: { capacity: 8000, interface: 'SATA', driveFormFactor: '3.5"', rpm: 7200 },
  },
  {
    image: 'terrabyte-swift-1tb-sata-ssd.svg',
    name: 'TerraByte Swift 1TB 2.5" SATA SSD',
    priceCents: 5499,
    sku: 'TB-SW-1T-S25',
    minOrderQuantity: 25,
    orderMultiple: 5,
    availableQuantity: 4200,
    description:
      '1TB 2.5-inch SATA III solid state drive with 3D TLC NAND and a DRAM cache, delivering up to 560 MB/s reads and 520 MB/s writes. The 7 mm aluminium shell fits laptops, desktops and small form factor PCs. 600 TBW endurance and a 5-year limited warranty make it the go-to upgrade for refurbishing older machines.',
    bulkDiscount: true,
    category: 'solid-state-drives',
    brand: 'TerraByte',
    attributes: { capacity: 1000, interface: 'SATA', driveFormFactor: '2.5"', readSpeed: 560 },
  },
  {
    image: 'voltcore-pulse-ddr5-32gb-kit.svg',
    name: 'VoltCore Pulse 32GB (2x16GB) DDR5-6000 CL30 Memory Kit',
    priceCents: 8999,
    sku: 'VC-PL32-D56K-C30',
    minOrderQuantity: 20,
    orderMultiple: 1,
    availableQuantity: 3600,
    description:
      'Dual-channel kit of two 16GB DDR5 modules rated at 6000 MT/s with CL30-38-38-96 timings at 1.35 V. Low-profile aluminium heat spreaders with a diffused ARGB light bar, on-die ECC and one-click overclocking profiles stored on the module. Every kit is tested as a matched pair for stable gaming and workstation builds.',
    bulkDiscount: true,
    category: 'memory',
    brand: 'VoltCore',
    attributes: { memoryType: 'DDR5', capacity: 32, speed: 6000, modules: 2 },
  },
  {
    image: 'voltcore-forge-x7-atx-motherboard.svg',
    name: 'VoltCore Forge X7 ATX Motherboard',
    priceCents: 15999,
    sku: 'VC-FX7-ATX',
    minOrderQuantity: 10,
    orderMultiple: 1,
    availableQuantity: 900,
    description:
      'Full ATX motherboard for Helix-series desktop processors with a 16+1 phase VRM under large finned heatsinks. Four DDR5 slots (up to 192GB), a steel-reinforced PCIe 4.0 x16 slot, three M.2 slots, 2.5 GbE LAN, six SATA ports and HD audio. A solid, easy-to-service base for gaming and office builds.',
    bulkDiscount: false,
    category: 'motherboards',
    brand: 'VoltCore',
    attributes: { socket: 'AM5', memoryType: 'DDR5', formFactor: 'ATX', chipset: 'X670', wifi: false },
  },
  {
    image: 'kelvix-powercell-850w-psu.svg',
    name: 'Kelvix PowerCell 850W Gold Fully Modular PSU',
    priceCents: 9999,
    sku: 'KX-PC850-GM',
    minOrderQuantity: 10,
    orderMultiple: 1,
    availableQuantity: 1500,
    description:
      '850 W fully modular ATX power supply with Gold-rated efficiency (up to 90% at half load), a single 12 V rail and a 135 mm fluid dynamic bearing fan that stays off under light loads. Includes a native 12V-2x6 cable, four PCIe 8-pin leads, 105 C capacitors and full OVP/OCP/SCP protection. 10-year warranty.',
    bulkDiscount: false,
    category: 'power-supplies',
    brand: 'Kelvix',
    attributes: { wattage: 850, efficiency: '80 Plus Gold', modular: 'Full' },
  },
  {
    image: 'kelvix-frostpeak-120-air-cooler.svg',
    name: 'Kelvix FrostPeak 120 Tower CPU Air Cooler',
    priceCents: 3499,
    sku: 'KX-FP120-TWR',
    minOrderQuantity: 25,
    orderMultiple: 5,
    availableQuantity: 3000,
    description:
      'Single-tower CPU air cooler with four 6 mm direct-contact copper heatpipes, 48 aluminium fins and a 120 mm PWM fan running from 500 to 1800 RPM. Handles processors up to 200 W while standing just 155 mm tall, so it fits most mid-tower cases. Mounting kit for current desktop sockets and pre-applied thermal paste included.',
    bulkDiscount: true,
    category: 'cooling',
    brand: 'Kelvix',
    attributes: { coolerType: 'Air', fanSize: 120, rgb: false },
  },
  {
    image: 'kelvix-glacierflow-360-aio.svg',
    name: 'Kelvix GlacierFlow 360 ARGB AIO Liquid Cooler',
    priceCents: 9499,
    sku: 'KX-GF360-ARGB',
    minOrderQuantity: 10,
    orderMultiple: 1,
    availableQuantity: 800,
    description:
      'All-in-one 360 mm liquid CPU cooler with a ceramic-bearing pump, copper cold plate and three 120 mm ARGB PWM fans. 400 mm sleeved tubing makes front or top mounting easy, and the lit pump cap syncs with standard 5 V ARGB headers. Sealed, maintenance-free loop rated for processors above 250 W. 6-year warranty.',
    bulkDiscount: false,
    category: 'cooling',
    brand: 'Kelvix',
    attributes: { coolerType: 'Liquid (AIO)', fanSize: 120, rgb: true },
  },
  {
    image: 'nexa-atrium-m5-mid-tower-case.svg',
    name: 'NEXA Atrium M5 Mid-Tower ATX Case',
    priceCents: 6999,
    sku: 'NX-ATM5-BK',
    minOrderQuantity: 5,
    orderMultiple: 1,
    availableQuantity: 600,
    description:
      'Airflow-focused ATX mid-tower with a fine-mesh front panel, 4 mm tempered glass side and a full-length PSU shroud. Fits graphics cards up to 400 mm, 360 mm radiators in front or top and CPU coolers up to 170 mm. Ships with three 120 mm ARGB fans, a front USB-C port and tool-free drive trays for fast assembly.',
    bulkDiscount: false,
    category: 'cases',
    brand: 'NEXA',
    attributes: { caseType: 'Mid tower', maxBoard: 'ATX', maxGpuLength: 400 },
  },
  {
    image: 'orbiq-view-27-qhd-monitor.svg',
    name: 'Orbiq View 27" QHD 165 Hz IPS Monitor',
    priceCents: 22999,
    sku: 'OQ-V27Q-165',
    minOrderQuantity: 5,
    orderMultiple: 1,
    availableQuantity: 450,
    description:
      '27-inch IPS monitor with 2560x1440 resolution, a 165 Hz refresh rate and 1 ms MPRT response for gaming and productivity. Covers 95% DCI-P3 with factory calibration (Delta E below 2) and adaptive sync. Height, tilt and swivel adjustable stand, VESA 100 mounting, two HDMI 2.1 inputs and one DisplayPort 1.4 input.',
    bulkDiscount: false,
    category: 'monitors',
    brand: 'Orbiq',
    attributes: { screenSize: 27, resolution: '2560x1440', refreshRate: 165, panel: 'IPS' },
  },
  {
    image: 'voltcore-tempest-x70-gpu.svg',
    name: 'VoltCore Tempest X70 12GB Graphics Card',
    priceCents: 38999,
    sku: 'VC-TX70-12G',
    minOrderQuantity: 5,
    orderMultiple: 1,
    availableQuantity: 700,
    description:
      'Triple-fan graphics card with 12GB of 192-bit GDDR6 memory, 6,144 shader cores and a 2.55 GHz boost clock. Built for high-refresh 1440p gaming and fast GPU rendering. Metal backplate, zero-RPM fan stop below 55 C, two 8-pin power inputs (250 W board power) and four display outputs. 2.5-slot, 305 mm long.',
    bulkDiscount: true,
    category: 'graphics-cards',
    brand: 'VoltCore',
    attributes: { vram: 12, gpuLength: 305, powerConnector: '2x 8-pin' },
  },
  {
    image: 'voltcore-helix-7-cpu.svg',
    name: 'VoltCore Helix 7 8700X 8-Core Desktop Processor',
    priceCents: 24999,
    sku: 'VC-H7-8700X',
    minOrderQuantity: 10,
    orderMultiple: 1,
    availableQuantity: 1200,
    description:
      '8-core, 16-thread desktop processor with a 4.2 GHz base clock, 5.1 GHz max boost and 40MB of combined cache. Supports DDR5-6000 memory and 24 PCIe 5.0 lanes at a 96 W default power rating. Excellent for gaming, streaming and office workstations. Unlocked multiplier; supplied as a tray processor without a cooler.',
    bulkDiscount: false,
    category: 'processors',
    brand: 'VoltCore',
    attributes: { socket: 'AM5', cores: 8, threads: 16, boostClock: 5.1, tdp: 96, integratedGraphics: true },
  },
  {
    image: 'terrabyte-hyperdrive-2tb-nvme-ssd.svg',
    name: 'TerraByte HyperDrive 2TB NVMe PCIe 4.0 M.2 SSD',
    priceCents: 11999,
    sku: 'TB-HD2T-P4-M2',
    minOrderQuantity: 20,
    orderMultiple: 10,
    availableQuantity: 5000,
    description:
      '2TB M.2 2280 NVMe SSD on a PCIe 4.0 x4 interface with sequential reads up to 7,000 MB/s and writes up to 6,800 MB/s. 3D TLC NAND, a DRAM cache and a thin graphene heat-spreading label keep it cool in laptops and desktops alike. Rated for 1,200 TBW with a 5-year warranty. A top pick for fast boot drives.',
    bulkDiscount: true,
    category: 'solid-state-drives',
    brand: 'TerraByte',
    attributes: { capacity: 2000, interface: 'NVMe PCIe 4.0', driveFormFactor: 'M.2 2280', readSpeed: 7000 },
  },
];

/** Every demo part, oldest first (60 and more, in every category). */
export const seedParts: SeedPart[] = [...moreSeedParts, ...featuredParts];

export const seedReviews: SeedReview[] = [
  {
    name: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    message:
      'We build around 200 office PCs a month and moved our memory and SSD orders here. The bulk discount on the NVMe drives made a real difference, and every pallet arrived shrink-wrapped with serials matching the packing list.',
    ratings: 4.75,
  },
  {
    name: 'Maria Lindqvist',
    email: 'm.lindqvist@example.org',
    message:
      "Ordered 120 Wi-Fi cards and 60 monitors for our school district's computer labs. Delivery was split over two days, but tracking was accurate and nothing arrived damaged.",
    ratings: 4.5,
  },
  {
    name: 'Kevin Tran',
    email: 'kevin.tran@example.com',
    message:
      'Great prices on 2.5-inch SSDs for our laptop repair bench. Two units out of 250 were dead on arrival, and replacements shipped before we had even sent the originals back.',
    ratings: 4.25,
  },
  {
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    message:
      'The Tempest X70 cards and Helix 7 processors have been rock solid in the render workstations we assemble for clients. Minimum order quantities are reasonable for a small system integrator like us.',
    ratings: 5,
  },
  {
    name: 'Tomas Herrera',
    email: 't.herrera@example.org',
    message:
      'A few cooler boxes had crushed corners, although the parts inside were fine. Otherwise ordering was straightforward and the invoices matched our purchase orders exactly.',
    ratings: 3.75,
  },
  {
    name: 'Hannah Becker',
    email: 'hannah.becker@example.com',
    message:
      'We stock the Vault 8TB drives for our NAS installation customers. Stock levels on the site are accurate, so we can plan quarterly orders without surprises.',
    ratings: 4.5,
  },
];
