-- Members whose username is still the starting one (never changed) get a neutral one: until
-- now it was their e-mail's local part, which Explore and share pages could leak. A colour, an
-- animal and a number from the lists src/server/account/neutral-username.ts gives new members
-- (made by scripts/neutral-usernames-sql.ts); username_changed_at stays null, so the member's one
-- change is still theirs.
DO $$
DECLARE
  colours text[] := ARRAY['amaranth','amber','amethyst','apricot','aqua','azure','beige','black','blue','blush','bronze','brown','chocolate','coffee','copper','coral','crimson','cyan','emerald','fuchsia','gold','gray','green','harlequin','indigo','ivory','jade','lavender','lime','magenta','maroon','moccasin','olive','orange','peach','pink','plum','purple','red','rose','salmon','sapphire','scarlet','silver','tan','teal','tomato','turquoise','violet','white','yellow'];
  animals text[] := ARRAY['aardvark','aardwolf','albatross','alligator','alpaca','amphibian','anaconda','angelfish','ant','anteater','antelope','antlion','aphid','armadillo','asp','badger','bandicoot','barnacle','barracuda','basilisk','bass','bat','bear','beaver','bee','beetle','bird','bison','blackbird','boa','boar','bobcat','bobolink','bovid','bug','butterfly','buzzard','camel','canid','canidae','capybara','cardinal','caribou','carp','cat','catfish','catshark','cattle','centipede','chameleon','cheetah','chickadee','chicken','chipmunk','cicada','clam','clownfish','cobra','cod','condor','coral','cougar','cow','coyote','crab','crane','crawdad','crayfish','cricket','crocodile','crow','cuckoo','damselfly','deer','dingo','dinosaur','dog','dolphin','donkey','dormouse','dove','dragon','dragonfly','duck','eagle','earthworm','earwig','echidna','eel','egret','elephant','elk','emu','ermine','falcon','felidae','ferret','finch','firefly','fish','flamingo','fly','fowl','fox','frog','galliform','gamefowl','gayal','gazelle','gecko','gerbil','giraffe','goat','goldfish','goose','gopher','grouse','guan','guanaco','gull','guppy','haddock','halibut','hamster','hare','harrier','hawk','hedgehog','heron','herring','hornet','horse','hoverfly','hyena','iguana','impala','jackal','jaguar','jay','jellyfish','kangaroo','kite','kiwi','koala','koi','krill','ladybug','lamprey','landfowl','lark','lemming','lemur','leopard','leopon','limpet','lion','lizard','llama','lobster','locust','loon','lungfish','lynx','macaw','mackerel','magpie','mammal','manatee','marlin','marmoset','marmot','marsupial','marten','mastodon','meerkat','mink','minnow','mole','mollusk','mongoose','moose','mosquito','moth','mouse','mule','muskox','narwhal','newt','ocelot','octopus','opossum','orca','ostrich','otter','owl','panda','panther','parakeet','parrot','partridge','peacock','peafowl','pelican','penguin','perch','pheasant','pig','pigeon','pike','pinniped','piranha','planarian','platypus','pony','porcupine','porpoise','possum','prawn','ptarmigan','puffin','puma','python','quail','quelea','quokka','rabbit','raccoon','rat','raven','reindeer','reptile','rodent','rook','rooster','sailfish','salmon','sawfish','scallop','scorpion','seahorse','shark','sheep','shrew','shrimp','silkworm','skink','skunk','sloth','slug','smelt','snail','snake','snipe','sole','sparrow','spider','spoonbill','squid','squirrel','starfish','stingray','stoat','stork','sturgeon','swallow','swan','swift','swordfish','swordtail','tahr','takin','tapir','tarantula','tarsier','termite','tern','thrush','tiger','tiglon','toad','tortoise','toucan','trout','tuna','turkey','turtle','unicorn','urial','vicuna','viper','vole','vulture','wallaby','walrus','warbler','wasp','weasel','whale','whippet','whitefish','wildcat','wildfowl','wolf','wolverine','wombat','wren','xerinae','yak','zebra'];
  member record;
  candidate text;
BEGIN
  FOR member IN SELECT user_id FROM profiles WHERE username_changed_at IS NULL LOOP
    LOOP
      candidate := colours[1 + floor(random() * array_length(colours, 1))::int]
        || '_' || animals[1 + floor(random() * array_length(animals, 1))::int]
        || '_' || (1000 + floor(random() * 9000))::int;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM profiles WHERE username = candidate);
    END LOOP;
    UPDATE profiles SET username = candidate WHERE user_id = member.user_id;
  END LOOP;
END
$$;
